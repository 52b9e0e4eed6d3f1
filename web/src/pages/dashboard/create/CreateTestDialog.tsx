import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { isWeakForecast, WEAK_PLAN_CONFIRM, WINNER_METRICS, type WinnerMetric } from '#shared/test-shapes';
import { isNetworkError } from '#shared/network-error';
import { CREATE_DIALOG_TITLES } from '#shared/test-kinds';
import { SHORTS_NOTES } from '#shared/video-format';
import { FEATURE_WORDS, type LearningFeature } from '#shared/learning-features';

/** What to do with a suggested feature, by the kind of test that tries it. */
const SUGGESTION_HINTS: Record<'titles' | 'thumbnails', string> = {
  titles:
    'write Title 2 with it if the current title lacks it, or without it if it has it, and change little else.',
  thumbnails: 'upload a thumbnail that differs from the current one in that, and in little else.',
};
import { FREE_PLAN_SUMMARY } from '#shared/plan-features';
import { titleProblems } from '#shared/title-test-rules';
import { trpc } from '../../../api/trpc';
import { useCurrentUser } from '../../../auth/current-user';
import { AppLink } from '../../../components/AppLink';
import { PaywallLinkText } from '../../../components/PaywallLinkText';
import { showSuccess } from '../../../lib/toast';
import { formatCompact } from '../../../lib/format';
import { useRefreshDashboard } from '../dashboard-queries';
import {
  durationDays,
  initialFormState,
  planInput,
  planProblem,
  toCreateInput,
  validationProblem,
  variantCount,
  withEnd,
  withKind,
  withPickedVideo,
  withShape,
  withStart,
  withThumbnailSlot,
  withWinnerMetric,
  type CreateTestFormState,
} from './create-test-form';
import { atTestLimit, CapacityLine, useShapeCapacity } from './CapacityLine';
import { ForecastSummary } from './ForecastSummary';
import { KindPicker } from './KindPicker';
import { previewVariants } from './preview/preview-variants';
import { VariantPreview } from './preview/VariantPreview';
import { PackageVariants } from './thumbnails/PackageVariants';
import { ThumbnailVariants } from './thumbnails/ThumbnailVariants';
import { useThumbnailUploads } from './thumbnails/use-thumbnail-uploads';
import { intervalDescription, intervalOptions, metricOptions } from './schedule-options';
import { ShapeComparison } from './ShapeComparison';
import { TitleInputs } from './TitleInputs';
import { useRecentVideos } from './use-recent-videos';
import { useTestForecast } from './use-test-forecast';
import { VideoPicker } from './VideoPicker';
import { WeakPlanAcknowledgement } from './WeakPlanAcknowledgement';
import { useConnectedChannels } from '../../../lib/connected-channels';

const isWinnerMetric = (value: string | null): value is WinnerMetric =>
  (WINNER_METRICS as readonly (string | null)[]).includes(value);

/** The two selects sit side by side: descriptions of different lengths below them keep the inputs level. */
const DESCRIPTION_BELOW: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

interface CreateTestDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The test "What works here" suggests: the dialog starts set up for it on the newest upload. */
  suggestion?:
    { kind: 'titles' | 'thumbnails'; winnerMetric: WinnerMetric; feature: LearningFeature } | undefined;
}

/**
 * The Create Test dialog (docs/product.md#create-test-dialog). Closes and resets after a successful
 * create.
 */
export function CreateTestDialog({ opened, onClose, suggestion }: CreateTestDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [form, setForm] = useState<CreateTestFormState>(() =>
    suggestion
      ? withWinnerMetric(withKind(initialFormState(), suggestion.kind), suggestion.winnerMetric)
      : initialFormState(),
  );
  // Which titles the creator typed in or left, and whether they tried to create: a title's problem
  // shows under it only then, never before typing (issue 26, item 3).
  const [touched, setTouched] = useState<boolean[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const { data: user } = useCurrentUser();
  // The Free plan's limits, said before the form is filled in (a team works on its owner's plan).
  const onFree =
    user !== undefined &&
    user !== null &&
    !user.isLifetime &&
    user.team === null &&
    (user.subscriptionTier === 'free' || user.subscriptionTier === 'cancelled');
  // Which channel the test is for: said and chosen here when the account has several (issue 26,
  // item 5); by default the one the header shows, else the first.
  const channels = useConnectedChannels();
  const [pickedChannel, setPickedChannel] = useState<string | null>(null);
  const channelId = channels.several
    ? (channels.connected.find((channel) => channel.id === pickedChannel) ??
        channels.shown ??
        channels.connected[0])!.id
    : (channels.remembered ?? undefined);
  const videos = useRecentVideos(opened, channelId);
  // A suggested test starts on the newest upload (the creator may pick another).
  const newest = suggestion && form.videoId === null ? videos.data?.[0] : undefined;
  useEffect(() => {
    if (newest) setForm((current) => (current.videoId === null ? withPickedVideo(current, newest) : current));
  }, [newest]);
  const refresh = useRefreshDashboard();
  const uploads = useThumbnailUploads(
    (index, slot) => setForm((current) => withThumbnailSlot(current, index, slot)),
    form.videoFormat,
  );
  const create = trpc.tests.create.useMutation({
    onSuccess: async (test) => {
      if (test.status === 'queued')
        showSuccess(
          'Test created: waiting for capacity',
          'It starts by itself when there is room in your plan’s share of YouTube’s daily quota; its card says when.',
        );
      else showSuccess('Test created successfully');
      uploads.reset();
      setForm(initialFormState());
      setTouched([]);
      setSubmitted(false);
      setPickedChannel(null);
      onClose();
      await refresh();
    },
  });

  const update = (patch: Partial<CreateTestFormState>) => setForm((current) => ({ ...current, ...patch }));
  const problem = validationProblem(form);
  const titleErrors = titleProblems(form.titles).map((message, index) =>
    submitted || touched[index] ? message : null,
  );
  // A title's problem is said under its field; this line only says why Create waits.
  const statusLine =
    form.kind === 'thumbnails' || !titleProblems(form.titles).includes(problem)
      ? problem
      : titleErrors.some((message) => message !== null)
        ? 'Fix the titles above to create the test.'
        : 'Enter Title 1 and Title 2 to create the test.';
  // What the preview's cards show around the title, from the picked video and its channel.
  const pickedVideo = videos.data?.find((video) => video.id === form.videoId);
  const channelName =
    channels.connected.find((channel) => channel.id === channelId)?.title ??
    channels.connected[0]?.title ??
    'Your channel';
  const touch = (index: number) => setTouched((current) => Object.assign([...current], { [index]: true }));
  const titleFields = {
    titles: form.titles,
    errors: titleErrors,
    onChange: (index: number, value: string) => {
      touch(index);
      update({ titles: form.titles.map((title, position) => (position === index ? value : title)) });
    },
    onBlur: (index: number) => touch(index),
  };
  const shape = planInput(form);
  // The preview's washout is the chosen channel's.
  const plan = useTestForecast(opened && shape ? { ...shape, channelId } : null);
  // Cancel works while Creating… too (issue 26, item 2): the dialog closes and the request is
  // abandoned; should it still reach the server, the test appears with its success toast.
  const close = () => {
    create.reset();
    onClose();
  };

  // A plan too weak for the video's traffic (the preview's, or the server's refusal when the
  // preview missed it) is started only with the creator's tick.
  const refusal =
    create.error && create.error.message.includes(WEAK_PLAN_CONFIRM) ? create.error.message : null;
  const shownPlan = planProblem(form) === null ? plan.query.data : undefined;
  const planBusy = !plan.settled || plan.query.isPlaceholderData || plan.query.isFetching;
  const formShape = {
    rotationIntervalMinutes: form.rotationIntervalMinutes,
    durationDays: durationDays(form),
  };
  const applyShape = (shape: { rotationIntervalMinutes: number; durationDays: number }) =>
    setForm((current) => withShape(current, shape));
  // Where the test would stand on capacity, and whether the plan's number of tests is reached:
  // said at the top before any work, and Create waits (issue 36, item 1).
  const capacity = useShapeCapacity(
    {
      rotationIntervalMinutes: form.rotationIntervalMinutes,
      winnerMetric: form.winnerMetric,
      durationDays: durationDays(form),
      kind: form.kind,
      // A plan that first reads the video holds little of the capacity until its first switch.
      calibrationHours: plan.query.isPlaceholderData ? 0 : (plan.query.data?.calibrationHours ?? 0),
    },
    opened,
  );
  const atLimit = atTestLimit(capacity.data);
  const weakPlan = isWeakForecast(shownPlan?.minimumDetectableLiftPercent ?? null) || refusal !== null;
  const unacknowledged = weakPlan && !form.acknowledgeWeakPlan;

  const submit = () => {
    if (problem) {
      setSubmitted(true);
      return;
    }
    if (unacknowledged || atLimit) return;
    create.mutate({ ...toCreateInput(form, weakPlan), channelId });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={CREATE_DIALOG_TITLES[form.kind]}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
      radius="lg"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="lg">
          {atLimit && capacity.data && (
            <Alert color="yellow" title="Your plan’s tests are all running" role="alert">
              <PaywallLinkText message={capacity.data.message} />
            </Alert>
          )}
          {onFree && !atLimit && (
            <Text fz="sm" c="dimmed">
              {FREE_PLAN_SUMMARY}.{' '}
              <Anchor inherit underline="always" renderRoot={(props) => <AppLink to="/paywall" {...props} />}>
                See the plans
              </Anchor>
            </Text>
          )}
          {suggestion && (
            <Alert
              variant="light"
              color="violet"
              title="Suggested by What works here"
              data-testid="suggested-test"
            >
              <Text fz="sm">
                {FEATURE_WORDS[suggestion.feature]}: {SUGGESTION_HINTS[suggestion.kind]}
              </Text>
            </Alert>
          )}
          <Stack gap="xs">
            <Title order={3} fz="sm">
              1. Choose a video
            </Title>
            {channels.several && (
              <Select
                label="Channel"
                data={channels.connected.map((channel) => ({ value: channel.id, label: channel.title }))}
                value={channelId ?? null}
                onChange={(value) => {
                  if (!value || value === channelId) return;
                  setPickedChannel(value);
                  // The picked video belongs to the other channel.
                  setForm((current) => ({ ...current, videoId: null, videoTitle: '', viewsPerDay: null }));
                }}
                allowDeselect={false}
              />
            )}
            <VideoPicker
              videos={videos.data}
              loading={videos.isPending && opened}
              error={videos.isError ? videos.error.message : null}
              selectedId={form.videoId}
              onSelect={(video) => {
                // Images chosen for the other format are dropped with their uploads.
                if (video.format !== form.videoFormat) uploads.reset();
                setForm((current) => withPickedVideo(current, video));
              }}
            />
            {form.videoFormat === 'short' && form.videoId && (
              <Alert variant="light" color="blue" title="This video is a Short" data-testid="shorts-note">
                <Text fz="sm">{SHORTS_NOTES.whereSeen}</Text>
                <Text fz="sm" mt={4}>
                  {SHORTS_NOTES.diluted}
                </Text>
              </Alert>
            )}
          </Stack>
          <Stack gap="xs">
            <Title order={3} fz="sm">
              2. Choose what to test
            </Title>
            <KindPicker
              value={form.kind}
              onChange={(kind) => setForm((current) => withKind(current, kind))}
            />
            {form.kind === 'titles' && <TitleInputs {...titleFields} />}
            {form.kind === 'thumbnails' && (
              <ThumbnailVariants
                currentUrl={form.videoThumbnailUrl}
                slots={form.thumbnails}
                uploads={uploads}
              />
            )}
            {form.kind === 'packages' && (
              <PackageVariants
                {...titleFields}
                currentUrl={form.videoThumbnailUrl}
                slots={form.thumbnails}
                uploads={uploads}
              />
            )}
          </Stack>
          <Stack gap="xs">
            <Title order={3} fz="sm">
              3. Preview
            </Title>
            <VariantPreview
              variants={previewVariants(form)}
              channelName={channelName}
              viewsLine={pickedVideo ? `${formatCompact(pickedVideo.viewCount)} views` : 'Views'}
              format={form.videoFormat}
            />
          </Stack>
          <Stack gap="xs">
            <Title order={3} fz="sm">
              4. Schedule
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label="Winner Determination"
                data={metricOptions}
                value={form.winnerMetric}
                onChange={(value) =>
                  isWinnerMetric(value) && setForm((current) => withWinnerMetric(current, value))
                }
                allowDeselect={false}
                description="Which metric decides the winner, and so how often titles can switch"
                inputWrapperOrder={DESCRIPTION_BELOW}
              />
              <Select
                label="Rotation Interval"
                data={intervalOptions(form.winnerMetric)}
                value={String(form.rotationIntervalMinutes)}
                onChange={(value) => value && update({ rotationIntervalMinutes: Number(value) })}
                allowDeselect={false}
                description={intervalDescription(form.winnerMetric)}
                inputWrapperOrder={DESCRIPTION_BELOW}
              />
              <TextInput
                type="datetime-local"
                label="Start"
                description={form.startNow ? 'Now, when you create the test' : undefined}
                inputWrapperOrder={DESCRIPTION_BELOW}
                value={form.start}
                onChange={(event) => {
                  const start = event.currentTarget.value;
                  setForm((current) => withStart(current, start));
                }}
              />
              <TextInput
                type="datetime-local"
                label="End"
                value={form.end}
                onChange={(event) => {
                  const end = event.currentTarget.value;
                  setForm((current) => withEnd(current, end));
                }}
              />
            </SimpleGrid>
            <ForecastSummary
              problem={planProblem(form)}
              plan={plan.query.data}
              loading={plan.query.isFetching}
              stale={!plan.settled || plan.query.isPlaceholderData}
              error={plan.query.isError ? plan.query.error.message : null}
              current={{ titleCount: variantCount(form), ...formShape }}
              onUseShape={applyShape}
            />
            {shownPlan && !plan.query.isError && shownPlan.alternatives.length > 1 && (
              <ShapeComparison plan={shownPlan} current={formShape} busy={planBusy} onUseShape={applyShape} />
            )}
            {weakPlan && (
              <WeakPlanAcknowledgement
                minimumDetectableLiftPercent={
                  isWeakForecast(shownPlan?.minimumDetectableLiftPercent ?? null)
                    ? (shownPlan?.minimumDetectableLiftPercent ?? null)
                    : null
                }
                winnerMetric={form.winnerMetric}
                viewsPerDay={form.viewsPerDay}
                refusal={refusal}
                checked={form.acknowledgeWeakPlan}
                onChange={(checked) => update({ acknowledgeWeakPlan: checked })}
              />
            )}
            {/* Ticked (the default), a test ends at the first daily look that names a winner. */}
            <Checkbox
              label="Stop as soon as a daily check finds a winner"
              description="The winner goes live and the test’s YouTube quota is freed the day its answer is in. Untick to run until the end date anyway."
              checked={!form.runToEnd}
              onChange={(event) => update({ runToEnd: !event.currentTarget.checked })}
            />
            {opened && <CapacityLine data={capacity.data} />}
          </Stack>
          {problem ? (
            <Text fz="sm" c="dimmed" role="status">
              {statusLine}
            </Text>
          ) : (
            unacknowledged && (
              <Text fz="sm" c="dimmed" role="status">
                Tick “Start anyway” to create this test, or make it longer or use fewer titles.
              </Text>
            )
          )}
          {/* A refusal shows here, beside Create, not in a toast over it (issue 26, item 3). */}
          {create.error && refusal === null && (
            <Alert color="red" title="The test was not created" role="alert">
              <PaywallLinkText message={create.error.message || 'Something went wrong. Please try again.'} />
              {isNetworkError(create.error) && (
                <Button size="xs" variant="light" color="red" mt="xs" onClick={submit}>
                  Retry
                </Button>
              )}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={problem !== null || unacknowledged || atLimit || create.isPending}
            >
              {create.isPending ? 'Creating...' : 'Create Test'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
