export type {
  AdminMetrics,
  AdminSettings,
  AdminTest,
  AdminUser,
  AuditEntryView as AuditEntry,
  DowngradeTier,
  FullReport,
  HealthSignal,
  PlatformHealth,
  UpgradeTier,
} from '#server/admin/admin.schemas';
