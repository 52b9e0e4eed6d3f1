import type { z } from 'zod';
import type {
  dashboardStatsSchema,
  StoredForecast,
  TestAnalytics,
  TestForecast,
  TitleTestView,
  VerdictView,
} from '#server/title-tests/records/title-tests.schemas';

/** The shapes of docs/product.md#entities as the server's schemas define them (types only). */
export type TitleTest = TitleTestView;
export type { StoredForecast, TestAnalytics, TestForecast, VerdictView };
export type VerdictTitle = VerdictView['titles'][number];
export type ProgressItem = VerdictView['progress']['items'][number];
export type RotationLog = TestAnalytics['rotationLogs'][number];
export type FigureSource = TestAnalytics['dataNotes']['ctrSource'];
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
export type TestStatus = TitleTest['status'];
