// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC2981} from "@openzeppelin/contracts/token/common/ERC2981.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title A collection Vitrine did not write (test and development fixture)
/// @notice A plain OpenZeppelin ERC-721 as most NFT projects deploy it: token URIs are a base URI
/// (typically `ipfs://<CID>/`) followed by the token id, EIP-2981 royalties, an owner, an ERC-7572
/// `contractURI`, and ERC-4906 events when the owner moves the metadata.
contract ForeignArt721 is ERC721, ERC2981, Ownable {
    /// @notice ERC-4906.
    event MetadataUpdate(uint256 _tokenId);
    event BatchMetadataUpdate(uint256 _fromTokenId, uint256 _toTokenId);

    string private _baseTokenURI;
    string public contractURI;

    constructor(
        string memory name_,
        string memory symbol_,
        string memory baseURI_,
        string memory contractURI_,
        address owner_,
        address royaltyReceiver,
        uint96 royaltyBps
    ) ERC721(name_, symbol_) Ownable(owner_) {
        _baseTokenURI = baseURI_;
        contractURI = contractURI_;
        _setDefaultRoyalty(royaltyReceiver, royaltyBps);
    }

    /// @notice Mints ids `firstId` to `firstId + count - 1` to `to`.
    function mint(address to, uint256 firstId, uint256 count) external onlyOwner {
        for (uint256 i = 0; i < count; i++) _mint(to, firstId + i);
    }

    function setBaseURI(string calldata baseURI_) external onlyOwner {
        _baseTokenURI = baseURI_;
        emit BatchMetadataUpdate(0, type(uint256).max);
    }

    /// @notice EIP-2981 lets each token pay its own receiver at its own rate (OpenZeppelin's token royalty).
    function setTokenRoyalty(uint256 tokenId, address receiver, uint96 royaltyBps) external onlyOwner {
        _setTokenRoyalty(tokenId, receiver, royaltyBps);
    }

    /// @notice Says one token's metadata changed (ERC-4906), as a reveal would.
    function touch(uint256 tokenId) external onlyOwner {
        emit MetadataUpdate(tokenId);
    }

    function _baseURI() internal view override returns (string memory) {
        return _baseTokenURI;
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC721, ERC2981) returns (bool) {
        return interfaceId == bytes4(0x49064906) || super.supportsInterface(interfaceId);
    }
}
