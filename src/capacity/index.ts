// The front door of the deployment's YouTube capacity: costs, shares and admission (src/capacity): what the other features, the jobs and the entry points use of
// it. Nothing outside the folder imports its files past this one (dependency-cruiser,
// features-enter-by-the-front-door; docs/decisions/0052).
export { placeQueue, type Placement } from './admission';
export { FORECAST_CRITICAL_SHARE, FORECAST_WARN_SHARE, capacityOverview } from './capacity-overview';
export { loadCapacityState } from './capacity-state';
export { capacityOperations } from './capacity.operations';
export {
  admitExtension,
  admitNewTest,
  assertShapeCanFit,
  capacityForShape,
  extensionCapacity,
  lockAdmission,
} from './capacity.service';
export {
  RESTORE_RESERVE_UNITS,
  SAMPLING_PASS_MINUTES,
  sampledOnPass,
  samplingPeriodMinutes,
  samplingUnitsPerDay,
  unitsPerSwitch,
  type TestShape,
} from './cost-model';
