/**
 * For actions behind a ConfirmAction (components/admin/confirm-dialog.tsx): whether the post was confirmed in
 * the dialog. An action doing something destructive answers `{ confirm: intent }` when it was not, so the page
 * shows the dialog (the no-JavaScript path) instead of acting at once.
 */
export function isConfirmed(form: FormData): boolean {
  return form.get('confirmed') === 'yes';
}
