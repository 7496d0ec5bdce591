// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";

/// @title A hostile ERC-1155 (test fixture)
/// @notice OpenZeppelin's ERC-1155 that also logs moves which never happened, as any contract
/// may: a TransferSingle from a wallet that holds nothing, so its own history contradicts itself.
contract Hostile1155 is ERC1155 {
    constructor() ERC1155("data:application/json,{\"name\":\"Hostile edition\"}") {}

    function mint(address to, uint256 id, uint256 amount) external {
        _mint(to, id, amount, "");
    }

    /// @notice Logs `value` of `id` moved from `from` to `to`; no balance changes.
    function forgeSingle(address from, address to, uint256 id, uint256 value) external {
        emit TransferSingle(msg.sender, from, to, id, value);
    }
}
