/**
 * The titles of the alerts the product raises itself (decision 0030; observation escalations, decision 0241).
 * A task keeps its title as written in English; the staff app, pushes and texts show it in the reader's language
 * by matching it against these (@sage/i18n's localizeTaskTitle, decision 0552), so they are the one place the
 * English is written.
 */
export const AlertTitleMessages = {
  needsAssistance: (residentName: string): string => `${residentName} needs assistance`,
  wallButton: (place: string): string => `${place} wall button`,
  assistanceRequested: (place: string): string => `Assistance requested in ${place}`,
  doorOpened: (door: string): string => `${door} door opened`,
  mayHaveFallen: (residentName: string): string => `${residentName} may have fallen`,
  fallDetected: (place: string): string => `Fall detected in ${place}`,
  bathAlert: (subject: string): string => `Bath alert: ${subject}`,
  sensorAlert: (subject: string): string => `Sensor alert: ${subject}`,
  observation: (observations: string, about: string): string => `Observation: ${observations} - ${about}`,
  observationOnly: (observations: string): string => `Observation: ${observations}`,
} as const;
