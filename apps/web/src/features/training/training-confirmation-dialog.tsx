import { Button, Paper, Stack, Text } from '@mantine/core';
import { TRAINING_CONFIRMATION_DIALOG_PROGRESS_PERCENT } from '@sage/contract';
import { useId } from 'react';
import { useMessages } from '../../shared/i18n';
import { trainingTasksApi } from './training-tasks';
import './training-messages';

/** Shown once the ring's progress is at or below 90 % (alerts doc section 4 'Care confirmation'). */
export const showsTrainingConfirmationDialog = (percent: number): boolean =>
  percent <= TRAINING_CONFIRMATION_DIALOG_PROGRESS_PERCENT;

/**
 * The training care-confirmation dialog (alerts doc section 2): 'To resolve an alert, confirm you're with the
 * resident by pressing their pendant or unit button.' with Confirm Care, which stands in for the press.
 */
export function TrainingConfirmationDialog({
  taskId,
  percent,
  onPressed,
}: {
  taskId: string;
  percent: number;
  onPressed: () => void;
}) {
  const textId = useId();
  const m = useMessages('training');
  if (!showsTrainingConfirmationDialog(percent)) return null;
  return (
    <Paper
      role="alertdialog"
      aria-labelledby={textId}
      data-testid="training-confirmation-dialog"
      data-progress={Math.round(percent * 10) / 10}
      withBorder
      shadow="md"
      radius="md"
      p="md"
      w="100%"
    >
      <Stack gap="sm">
        <Text id={textId}>{m.careConfirmationDialog()}</Text>
        <Button
          size="lg"
          fullWidth
          onClick={() => {
            trainingTasksApi.pressDevice(taskId);
            onPressed();
          }}
        >
          {m.confirmCare()}
        </Button>
      </Stack>
    </Paper>
  );
}
