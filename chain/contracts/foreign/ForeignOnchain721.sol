// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC2981} from "@openzeppelin/contracts/token/common/ERC2981.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// @title An ERC-721 whose metadata lives on chain (test and development fixture)
/// @notice `tokenURI` is a `data:` URI drawn by the contract: even ids answer base64 JSON
/// (`data:application/json;base64,`), odd ids plain JSON (`data:application/json;utf8,`); both
/// carry an SVG image as `data:image/svg+xml;base64,` and one "Hue" attribute.
contract ForeignOnchain721 is ERC721, ERC2981, Ownable {
    constructor(
        string memory name_,
        string memory symbol_,
        address owner_,
        address royaltyReceiver,
        uint96 royaltyBps
    ) ERC721(name_, symbol_) Ownable(owner_) {
        _setDefaultRoyalty(royaltyReceiver, royaltyBps);
    }

    function mint(address to, uint256 firstId, uint256 count) external onlyOwner {
        for (uint256 i = 0; i < count; i++) _mint(to, firstId + i);
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        string memory id = Strings.toString(tokenId);
        string memory hue = Strings.toString((tokenId * 47) % 360);
        string memory svg = string.concat(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="hsl(',
            hue,
            ',70%,50%)"/></svg>'
        );
        string memory json = string.concat(
            '{"name":"',
            name(),
            " #",
            id,
            '","description":"Drawn on chain.","image":"data:image/svg+xml;base64,',
            Base64.encode(bytes(svg)),
            '","attributes":[{"trait_type":"Hue","value":"',
            hue,
            '"}]}'
        );
        if (tokenId % 2 == 0) return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));
        return string.concat("data:application/json;utf8,", json);
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC721, ERC2981) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}
