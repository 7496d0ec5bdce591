// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";

/// @title A bare ERC-721 (test and development fixture)
/// @notice No EIP-2981 royalties, no owner, no `contractURI`: an open mint whose token URIs are a
/// base URI followed by the id. Anyone may mint an id nobody holds.
contract ForeignPlain721 is ERC721 {
    string private _baseTokenURI;

    constructor(string memory name_, string memory symbol_, string memory baseURI_) ERC721(name_, symbol_) {
        _baseTokenURI = baseURI_;
    }

    function mint(address to, uint256 firstId, uint256 count) external {
        for (uint256 i = 0; i < count; i++) _mint(to, firstId + i);
    }

    function _baseURI() internal view override returns (string memory) {
        return _baseTokenURI;
    }
}
