// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title A hostile ERC-721 (test fixture)
/// @notice Trades like an ERC-721 through Seaport, but lies in its logs, as any contract may: it
/// answers the calls a Vitrine collection answers, logs Vitrine's voucher event for sales that
/// never happened, can name other parties than the real ones in the Transfer log of a move, and
/// floods blocks with Transfer events that move nothing (and Seaport's logs), and can refuse to say whether an operator
/// may move tokens.
contract Hostile721 {
    string public name = "Hostile";
    string public symbol = "HOST";
    address public owner;
    address public platformFeeRecipient;
    uint96 public platformFeeBps;
    /// @notice When set, a move's Transfer log names these instead of the real sender or receiver.
    address public forgedFrom;
    address public forgedTo;
    /// @notice When set, `isApprovedForAll` reverts.
    bool public refusesApprovals;

    mapping(uint256 => address) private _owners;
    mapping(address => uint256) public balanceOf;
    mapping(uint256 => address) public getApproved;
    mapping(address => mapping(address => bool)) private _approvals;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);
    event VoucherRedeemed(uint256 indexed tokenId, address indexed buyer, uint256 price);

    constructor(address feeRecipient, uint96 feeBps) {
        owner = msg.sender;
        platformFeeRecipient = feeRecipient;
        platformFeeBps = feeBps;
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x01ffc9a7 || id == 0x80ac58cd || id == 0x5b5e139f;
    }

    /// @notice What a Vitrine collection answers, so that it passes for one by its calls alone.
    function royaltyInfo(uint256, uint256) external view returns (address, uint256) {
        return (owner, 0);
    }

    function tokenURI(uint256) external pure returns (string memory) {
        return 'data:application/json,{"name":"Hostile"}';
    }

    function ownerOf(uint256 id) public view returns (address holder) {
        holder = _owners[id];
        require(holder != address(0), "no such token");
    }

    function mint(address to, uint256 id) external {
        require(_owners[id] == address(0), "minted");
        _owners[id] = to;
        balanceOf[to] += 1;
        emit Transfer(address(0), to, id);
    }

    function forge(address from, address to) external {
        forgedFrom = from;
        forgedTo = to;
    }

    function refuseApprovals(bool refuses) external {
        refusesApprovals = refuses;
    }

    function isApprovedForAll(address holder, address operator) public view returns (bool) {
        require(!refusesApprovals, "no answer");
        return _approvals[holder][operator];
    }

    function forgeVoucherRedeemed(uint256 id, address buyer, uint256 price) external {
        emit VoucherRedeemed(id, buyer, price);
    }

    /// @notice `count` Transfer logs of tokens that do not exist, in one transaction.
    function flood(uint256 firstId, uint256 count) external {
        for (uint256 i = 0; i < count; i++) emit Transfer(address(0), address(this), firstId + i);
    }

    /// @notice `count` of Seaport's CounterIncremented logs in one transaction, for nothing.
    function floodCounters(address seaport, uint256 count) external {
        for (uint256 i = 0; i < count; i++) {
            (bool ok, ) = seaport.call(abi.encodeWithSignature("incrementCounter()"));
            require(ok, "incrementCounter failed");
        }
    }

    function approve(address to, uint256 id) external {
        address holder = ownerOf(id);
        require(msg.sender == holder || _approvals[holder][msg.sender], "not allowed");
        getApproved[id] = to;
        emit Approval(holder, to, id);
    }

    function setApprovalForAll(address operator, bool approved) external {
        _approvals[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 id) public {
        require(ownerOf(id) == from, "not the holder");
        require(msg.sender == from || _approvals[from][msg.sender] || getApproved[id] == msg.sender, "not allowed");
        delete getApproved[id];
        _owners[id] = to;
        balanceOf[from] -= 1;
        balanceOf[to] += 1;
        emit Transfer(forgedFrom == address(0) ? from : forgedFrom, forgedTo == address(0) ? to : forgedTo, id);
    }

    function safeTransferFrom(address from, address to, uint256 id) external {
        transferFrom(from, to, id);
    }

    function safeTransferFrom(address from, address to, uint256 id, bytes calldata) external {
        transferFrom(from, to, id);
    }
}
