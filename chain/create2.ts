/**
 * Where the local chain's marketplace contracts live. They are deployed through the deterministic
 * CREATE2 proxy that anvil ships, so their addresses follow from the bytecode alone
 * (chain/artifacts/localDeployment.ts) and the server knows them without reading any state.
 * Seaport 1.6 and its conduit controller come from the pinned @opensea/seaport-js artifacts.
 */
import { createRequire } from 'node:module'
import { getContractAddress, type Address, type Hex } from 'viem'

const require = createRequire(import.meta.url)

const SEAPORT_ARTIFACTS = {
  seaport: 'Seaport.sol/Seaport.json',
  conduitController: 'conduit/ConduitController.sol/LocalConduitController.json',
} as const

/** Seaport 1.6 and its conduit controller as compiled by the pinned @opensea/seaport-js. */
export function seaportArtifact(name: keyof typeof SEAPORT_ARTIFACTS): { abi: unknown[]; bytecode: Hex } {
  return require(`@opensea/seaport-js/src/artifacts/seaport/contracts/${SEAPORT_ARTIFACTS[name]}`) as {
    abi: unknown[]
    bytecode: Hex
  }
}

export const CREATE2_PROXY: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'
export const CREATE2_SALT: Hex = '0x0000000000000000000000000000000000000000000000000000000000005eed'

export function create2Address(initCode: Hex): Address {
  return getContractAddress({ opcode: 'CREATE2', from: CREATE2_PROXY, salt: CREATE2_SALT, bytecode: initCode })
}

export function seaportInitCode(conduitController: Hex): Hex {
  const argument = conduitController.slice(2).toLowerCase().padStart(64, '0')
  return `${seaportArtifact('seaport').bytecode}${argument}`
}
