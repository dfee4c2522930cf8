import { useNavigation } from 'react-router';

/** Whether this page's form is on its way to the server (for the 'Submitting…' button). */
export function useSubmitting(): boolean {
  return useNavigation().state === 'submitting';
}
