/**
 * The signed-in app's shared state (docs/web.md, Signed-in state): essentials, user, socket
 * status and the merge rules.
 */

export { allowed, REQUIRED_AUTHORITY, type Screen, updateBadgeCount } from './badges';
export {
  ESSENTIALS_PATH,
  ESSENTIALS_QUERY_KEY,
  EssentialsProvider,
  type LabJobListener,
  useEssentials,
  useEssentialsError,
  useEssentialsSelector,
  useLabJobEvents,
  useSetUnreadCounts,
  useSocketStatus,
  useUser,
} from './essentials-context';
export {
  applyStreamEssentials,
  isFullEssentials,
  isStreamEssentials,
  mergeFullEssentials,
  mergeMarketState,
  syncWindow,
  withUnreadCounts,
} from './merge';
export { useQuoteAsset } from './quote-asset';
export {
  type ConnectStream,
  type SocketState,
  type SocketStatus,
  STREAM_OPTIONS,
  type Stream,
} from './stream';
export type * from './types';
