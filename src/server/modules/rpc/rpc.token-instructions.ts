import {
  AccountState,
  AuthorityType,
  type DecodedInstruction,
  optionalAddress,
  Token2022Instruction,
} from "../../ledger/instruction-decode";
import { tokenAmount } from "./rpc.protocol";

// Token and Token-2022 instructions in Agave's jsonParsed shapes (its parse_token): the ones
// this platform sends; any other is null, and the caller gives it the undecoded shape.

export type Info = Record<string, unknown>;
export type Parsed = { type: string; info: Info } | string;

/** Agave's UiExtensionType names, by ExtensionType number (kit names some differently). */
const EXTENSION_TYPES = [
  "uninitialized",
  "transferFeeConfig",
  "transferFeeAmount",
  "mintCloseAuthority",
  "confidentialTransferMint",
  "confidentialTransferAccount",
  "defaultAccountState",
  "immutableOwner",
  "memoTransfer",
  "nonTransferable",
  "interestBearingConfig",
  "cpiGuard",
  "permanentDelegate",
  "nonTransferableAccount",
  "transferHook",
  "transferHookAccount",
  "confidentialTransferFeeConfig",
  "confidentialTransferFeeAmount",
  "metadataPointer",
  "tokenMetadata",
  "groupPointer",
  "tokenGroup",
  "groupMemberPointer",
  "tokenGroupMember",
  "confidentialMintBurn",
  "scaledUiAmount",
  "pausable",
  "pausableAccount",
  "permissionedBurn",
];

const camel = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

/** Agave's parse_signers: one signing authority, or a multisig and the signers after it. */
function withSigners(info: Info, a: string[], at: number, single: string, multisig: string): Info {
  if (a.length > at + 1) {
    info[multisig] = a[at];
    info.signers = a.slice(at + 1);
  } else if (a[at] !== undefined) {
    info[single] = a[at];
  }
  return info;
}

/** Set only when present, as the RPC leaves an absent optional field out. */
function optional(info: Info, field: string, value: string | null): Info {
  if (value !== null) info[field] = value;
  return info;
}

function extensionTypes(data: Uint8Array): string[] {
  const out: string[] = [];
  for (let i = 1; i + 1 < data.length; i += 2) {
    const n = (data[i] ?? 0) | ((data[i + 1] ?? 0) << 8);
    out.push(EXTENSION_TYPES[n] ?? String(n));
  }
  return out;
}

const ACCOUNT_AUTHORITIES = new Set([AuthorityType.AccountOwner, AuthorityType.CloseAccount]);

export function token(
  ix: Extract<DecodedInstruction, { program: "spl-token" }>["parsed"],
  a: string[],
  raw: Uint8Array,
): Parsed | null {
  switch (ix.instructionType) {
    case Token2022Instruction.InitializeMint2:
      return {
        type: "initializeMint2",
        info: optional(
          { mint: a[0], decimals: ix.data.decimals, mintAuthority: ix.data.mintAuthority },
          "freezeAuthority",
          optionalAddress(ix.data.freezeAuthority),
        ),
      };
    case Token2022Instruction.InitializeAccount3:
      return { type: "initializeAccount3", info: { account: a[0], mint: a[1], owner: ix.data.owner } };
    case Token2022Instruction.InitializeImmutableOwner:
      return { type: "initializeImmutableOwner", info: { account: a[0] } };
    case Token2022Instruction.GetAccountDataSize: {
      const types = extensionTypes(raw);
      const info: Info = { mint: a[0] };
      if (types.length) info.extensionTypes = types;
      return { type: "getAccountDataSize", info };
    }
    case Token2022Instruction.Transfer:
      return {
        type: "transfer",
        info: withSigners(
          { source: a[0], destination: a[1], amount: ix.data.amount.toString() },
          a,
          2,
          "authority",
          "multisigAuthority",
        ),
      };
    case Token2022Instruction.TransferChecked:
      return {
        type: "transferChecked",
        info: withSigners(
          {
            source: a[0],
            mint: a[1],
            destination: a[2],
            tokenAmount: tokenAmount(ix.data.amount, ix.data.decimals),
          },
          a,
          3,
          "authority",
          "multisigAuthority",
        ),
      };
    case Token2022Instruction.MintTo:
      return {
        type: "mintTo",
        info: withSigners(
          { mint: a[0], account: a[1], amount: ix.data.amount.toString() },
          a,
          2,
          "mintAuthority",
          "multisigMintAuthority",
        ),
      };
    case Token2022Instruction.MintToChecked:
      return {
        type: "mintToChecked",
        info: withSigners(
          { mint: a[0], account: a[1], tokenAmount: tokenAmount(ix.data.amount, ix.data.decimals) },
          a,
          2,
          "mintAuthority",
          "multisigMintAuthority",
        ),
      };
    case Token2022Instruction.Burn:
      return {
        type: "burn",
        info: withSigners(
          { account: a[0], mint: a[1], amount: ix.data.amount.toString() },
          a,
          2,
          "authority",
          "multisigAuthority",
        ),
      };
    case Token2022Instruction.BurnChecked:
      return {
        type: "burnChecked",
        info: withSigners(
          { account: a[0], mint: a[1], tokenAmount: tokenAmount(ix.data.amount, ix.data.decimals) },
          a,
          2,
          "authority",
          "multisigAuthority",
        ),
      };
    case Token2022Instruction.CloseAccount:
      return {
        type: "closeAccount",
        info: withSigners({ account: a[0], destination: a[1] }, a, 2, "owner", "multisigOwner"),
      };
    case Token2022Instruction.SetAuthority: {
      const owned = ACCOUNT_AUTHORITIES.has(ix.data.authorityType) ? "account" : "mint";
      return {
        type: "setAuthority",
        info: withSigners(
          {
            [owned]: a[0],
            authorityType: camel(AuthorityType[ix.data.authorityType]),
            newAuthority: optionalAddress(ix.data.newAuthority),
          },
          a,
          1,
          "authority",
          "multisigAuthority",
        ),
      };
    }
    default:
      return tokenExtension(ix, a);
  }
}

/** Token-2022's extension instructions that our launches and rewards send. */
function tokenExtension(
  ix: Extract<DecodedInstruction, { program: "spl-token" }>["parsed"],
  a: string[],
): Parsed | null {
  switch (ix.instructionType) {
    case Token2022Instruction.InitializeMetadataPointer: {
      const info = optional({ mint: a[0] }, "authority", optionalAddress(ix.data.authority));
      optional(info, "metadataAddress", optionalAddress(ix.data.metadataAddress));
      return { type: "initializeMetadataPointer", info };
    }
    case Token2022Instruction.InitializeGroupPointer: {
      const info = optional({ mint: a[0] }, "authority", optionalAddress(ix.data.authority));
      optional(info, "groupAddress", optionalAddress(ix.data.groupAddress));
      return { type: "initializeGroupPointer", info };
    }
    case Token2022Instruction.InitializeGroupMemberPointer: {
      const info = optional({ mint: a[0] }, "authority", optionalAddress(ix.data.authority));
      optional(info, "memberAddress", optionalAddress(ix.data.memberAddress));
      return { type: "initializeGroupMemberPointer", info };
    }
    case Token2022Instruction.InitializeTransferHook: {
      const info = optional({ mint: a[0] }, "authority", optionalAddress(ix.data.authority));
      optional(info, "programId", optionalAddress(ix.data.programId));
      return { type: "initializeTransferHook", info };
    }
    case Token2022Instruction.InitializeTransferFeeConfig: {
      const info: Info = {
        mint: a[0],
        transferFeeBasisPoints: ix.data.transferFeeBasisPoints,
        maximumFee: ix.data.maximumFee,
      };
      optional(info, "transferFeeConfigAuthority", optionalAddress(ix.data.transferFeeConfigAuthority));
      optional(info, "withdrawWithheldAuthority", optionalAddress(ix.data.withdrawWithheldAuthority));
      return { type: "initializeTransferFeeConfig", info };
    }
    case Token2022Instruction.InitializeNonTransferableMint:
      return { type: "initializeNonTransferableMint", info: { mint: a[0] } };
    case Token2022Instruction.InitializePermanentDelegate:
      return { type: "initializePermanentDelegate", info: { mint: a[0], delegate: ix.data.delegate } };
    case Token2022Instruction.InitializeMintCloseAuthority:
      return {
        type: "initializeMintCloseAuthority",
        info: { mint: a[0], newAuthority: optionalAddress(ix.data.closeAuthority) },
      };
    case Token2022Instruction.InitializeDefaultAccountState:
      return {
        type: "initializeDefaultAccountState",
        info: { mint: a[0], accountState: camel(AccountState[ix.data.state]) },
      };
    case Token2022Instruction.InitializeTokenMetadata:
      return {
        type: "initializeTokenMetadata",
        info: {
          metadata: a[0],
          updateAuthority: a[1],
          mint: a[2],
          mintAuthority: a[3],
          name: ix.data.name,
          symbol: ix.data.symbol,
          uri: ix.data.uri,
        },
      };
    case Token2022Instruction.UpdateTokenMetadataField: {
      const field = ix.data.field;
      return {
        type: "updateTokenMetadataField",
        info: {
          metadata: a[0],
          updateAuthority: a[1],
          field: field.__kind === "Key" ? field.fields[0] : field.__kind.toLowerCase(),
          value: ix.data.value,
        },
      };
    }
    case Token2022Instruction.UpdateTokenMetadataUpdateAuthority:
      return {
        type: "updateTokenMetadataAuthority",
        info: {
          metadata: a[0],
          updateAuthority: a[1],
          newAuthority: optionalAddress(ix.data.newUpdateAuthority),
        },
      };
    case Token2022Instruction.InitializeTokenGroup:
      return {
        type: "initializeTokenGroup",
        info: {
          group: a[0],
          maxSize: ix.data.maxSize,
          mint: a[1],
          mintAuthority: a[2],
          updateAuthority: optionalAddress(ix.data.updateAuthority),
        },
      };
    case Token2022Instruction.InitializeTokenGroupMember:
      return {
        type: "initializeTokenGroupMember",
        info: {
          member: a[0],
          memberMint: a[1],
          memberMintAuthority: a[2],
          group: a[3],
          groupUpdateAuthority: a[4],
        },
      };
    default:
      return null;
  }
}
