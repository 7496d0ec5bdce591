// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721URIStorage} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721URIStorage.sol";
import {ERC2981} from "@openzeppelin/contracts/token/common/ERC2981.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// @title A Vitrine collection
/// @notice An ERC-721 collection owned by its creator, with EIP-2981 creator earnings. Tokens are
/// minted by the creator ("mint now") or by the first buyer of a voucher the creator signed
/// off-chain (lazy minting): the buyer pays at least the voucher's minimum price, the platform
/// keeps its fee and the creator receives the rest in the same transaction. The collection's own
/// metadata is at `contractURI` (ERC-7572); a token minted without a URI of its own is at the
/// base URI followed by its id, so the owner can move such tokens' metadata with one call.
contract VitrineCollection is ERC721URIStorage, ERC2981, Ownable, EIP712 {
    struct MintVoucher {
        uint256 tokenId;
        string uri;
        uint256 minPrice;
        address creator;
        uint256 expiresAt;
    }

    bytes32 private constant VOUCHER_TYPEHASH =
        keccak256("MintVoucher(uint256 tokenId,string uri,uint256 minPrice,address creator,uint256 expiresAt)");

    /// @notice The platform fee on lazy-mint sales is capped at 10%.
    uint96 public constant MAX_PLATFORM_FEE_BPS = 1_000;

    address public immutable platformFeeRecipient;
    uint96 public immutable platformFeeBps;

    /// @notice Token ids whose voucher the creator has withdrawn.
    mapping(uint256 tokenId => bool) public voucherRevoked;

    string private _contractURI;
    string private _baseTokenURI;

    event VoucherRedeemed(uint256 indexed tokenId, address indexed buyer, uint256 price);
    event VoucherRevocation(uint256 indexed tokenId);
    /// @notice ERC-7572: the collection's metadata at `contractURI` changed.
    event ContractURIUpdated();

    error VoucherExpired(uint256 expiresAt);
    error VoucherWasRevoked(uint256 tokenId);
    error InvalidVoucherSignature();
    error PriceBelowMinimum(uint256 paid, uint256 minimum);
    error PlatformFeeTooHigh(uint96 feeBps);

    constructor(
        string memory name_,
        string memory symbol_,
        address creator,
        uint96 royaltyBps,
        address feeRecipient,
        uint96 feeBps
    ) ERC721(name_, symbol_) Ownable(creator) EIP712("Vitrine", "1") {
        if (feeBps > MAX_PLATFORM_FEE_BPS) revert PlatformFeeTooHigh(feeBps);
        _setDefaultRoyalty(creator, royaltyBps);
        platformFeeRecipient = feeRecipient;
        platformFeeBps = feeBps;
    }

    /// @notice Mint now: the creator pays the gas and chooses the first owner.
    function mint(address to, uint256 tokenId, string calldata uri) external onlyOwner {
        _safeMint(to, tokenId);
        _setTokenURI(tokenId, uri);
    }

    /// @notice Lazy mint: the buyer redeems the creator's voucher and the token is minted to them.
    /// A voucher works once: its token then exists and minting it again reverts.
    function redeem(MintVoucher calldata voucher, bytes calldata signature) external payable {
        if (block.timestamp > voucher.expiresAt) revert VoucherExpired(voucher.expiresAt);
        if (voucherRevoked[voucher.tokenId]) revert VoucherWasRevoked(voucher.tokenId);
        if (voucher.creator != owner()) revert InvalidVoucherSignature();
        if (!SignatureChecker.isValidSignatureNow(voucher.creator, voucherDigest(voucher), signature)) {
            revert InvalidVoucherSignature();
        }
        if (msg.value < voucher.minPrice) revert PriceBelowMinimum(msg.value, voucher.minPrice);

        _safeMint(msg.sender, voucher.tokenId);
        _setTokenURI(voucher.tokenId, voucher.uri);
        emit VoucherRedeemed(voucher.tokenId, msg.sender, msg.value);

        uint256 fee = (msg.value * platformFeeBps) / 10_000;
        if (fee > 0) Address.sendValue(payable(platformFeeRecipient), fee);
        Address.sendValue(payable(voucher.creator), msg.value - fee);
    }

    /// @notice Withdraw a voucher before anyone redeems it.
    function revokeVoucher(uint256 tokenId) external onlyOwner {
        voucherRevoked[tokenId] = true;
        emit VoucherRevocation(tokenId);
    }

    /// @notice ERC-7572: the URI of the collection's metadata JSON.
    function contractURI() external view returns (string memory) {
        return _contractURI;
    }

    function setContractURI(string calldata uri) external onlyOwner {
        _contractURI = uri;
        emit ContractURIUpdated();
    }

    /// @notice The prefix of the URI of every token minted without one of its own.
    function baseURI() external view returns (string memory) {
        return _baseTokenURI;
    }

    /// @notice Moves the metadata of every token minted without a URI (ERC-4906 tells indexers).
    function setBaseURI(string calldata uri) external onlyOwner {
        _baseTokenURI = uri;
        emit BatchMetadataUpdate(0, type(uint256).max);
    }

    /// @notice A token's own URI when it was minted with one, otherwise the base URI and its id.
    /// (Not ERC721URIStorage's concatenation: an absolute voucher URI must never get a prefix.)
    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        string memory own = _suffixURI(tokenId);
        if (bytes(own).length > 0 || bytes(_baseTokenURI).length == 0) return own;
        return string.concat(_baseTokenURI, Strings.toString(tokenId));
    }

    /// @notice The EIP-712 digest the creator signs for a voucher.
    function voucherDigest(MintVoucher calldata voucher) public view returns (bytes32) {
        return _hashTypedDataV4(
            keccak256(
                abi.encode(
                    VOUCHER_TYPEHASH,
                    voucher.tokenId,
                    keccak256(bytes(voucher.uri)),
                    voucher.minPrice,
                    voucher.creator,
                    voucher.expiresAt
                )
            )
        );
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC721URIStorage, ERC2981) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}
