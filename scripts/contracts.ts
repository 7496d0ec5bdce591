/** `npm run contracts`: regenerates chain/artifacts/ from chain/contracts/ (see chain/compile.ts). */
import { writeFileSync } from 'node:fs'
import { compileContracts } from '../chain/compile'

for (const [file, contents] of compileContracts()) {
  writeFileSync(`chain/artifacts/${file}`, contents)
  console.log(`chain/artifacts/${file}`)
}
