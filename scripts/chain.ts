/**
 * `npm run chain`: a local chain (anvil, chain id 31337) on 127.0.0.1:8545 with its funded
 * test accounts printed, for trying the wallet flows with MetaMask.
 */
import { spawn } from 'node:child_process'
import { anvilBinary } from './processes'

const child = spawn(anvilBinary(), ['--host', '127.0.0.1', '--port', process.env.CHAIN_PORT ?? '8545'], {
  stdio: 'inherit',
})
child.on('exit', (code) => process.exit(code ?? 0))
