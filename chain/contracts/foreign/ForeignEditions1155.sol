// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {ERC2981} from "@openzeppelin/contracts/token/common/ERC2981.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title An ERC-1155 collection Vitrine did not write (test and development fixture)
/// @notice OpenZeppelin's ERC-1155 with one URI for every id, holding the `{id}` placeholder that
/// clients replace with the id as 64 lowercase hex digits; `name` and `symbol` as most editions
/// contracts add them, EIP-2981 royalties, an owner and an ERC-7572 `contractURI`.
contract ForeignEditions1155 is ERC1155, ERC2981, Ownable {
    string public name;
    string public symbol;
    string public contractURI;

    constructor(
        string memory name_,
        string memory symbol_,
        string memory uri_,
        string memory contractURI_,
        address owner_,
        address royaltyReceiver,
        uint96 royaltyBps
    ) ERC1155(uri_) Ownable(owner_) {
        name = name_;
        symbol = symbol_;
        contractURI = contractURI_;
        _setDefaultRoyalty(royaltyReceiver, royaltyBps);
    }

    function mint(address to, uint256 id, uint256 amount) external onlyOwner {
        _mint(to, id, amount, "");
    }

    /// @notice One TransferBatch for several ids.
    function mintBatch(address to, uint256[] calldata ids, uint256[] calldata amounts) external onlyOwner {
        _mintBatch(to, ids, amounts, "");
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC1155, ERC2981) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}
