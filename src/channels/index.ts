// The front door of a creator's connected channels (src/channels): what the other features, the jobs and the entry points use of
// it. Nothing outside the folder imports its files past this one (dependency-cruiser,
// features-enter-by-the-front-door; docs/decisions/0052).
export {
  markConnectionDisconnected,
  upsertChannelConnection,
  type ChannelConnection,
} from './channel-connections.service';
export { channelOperations } from './channels.operations';
export {
  channelChoiceSchema,
  channelIdSchema,
  disconnectResultSchema,
  type Channel,
} from './channels.schemas';
export {
  assertMayConnect,
  assertTakesNewTests,
  assertUsable,
  chosenChannel,
  findOwnChannel,
  listChannels,
} from './channels.service';
