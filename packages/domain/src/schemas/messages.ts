/**
 * Validation messages in shared schemas are i18n keys, so the web app can show them in the reader's
 * language. The server answers API clients with these English texts.
 */
export const VALIDATION_MESSAGES: Record<string, string> = {
  'validation.required': 'This field is required.',
  'validation.email': 'Please enter a valid email.',
  'validation.passwordShort': 'The password must be at least 8 characters long.',
  'validation.passwordLong': 'The password must be at most 128 characters long.',
  'validation.passwordsMatch': 'Passwords do not match.',
  'validation.role': 'That is not a role that can be given in an estate.',
  'validation.rolesRequired': 'Choose at least one role.',
  'validation.currency': 'Use a three-letter currency code, such as USD or EUR.',
  'validation.nothingToChange': 'Nothing to change was sent.',
  'validation.suggestionNeedsFlag': 'A suggested correction goes with a flag, not an approval.',
  'validation.flagNeedsReason': 'Say what is wrong, or suggest a correction.',
  'validation.text': 'This contains a character that cannot be saved. Please type it again.',
  'validation.parent': 'Choose the parent from the list of beneficiaries.',
  'validation.parentRequired':
    'Choose the beneficiary who receives for them: someone invited as Offspring receives items through their parent.',
  'validation.phone': 'Write a phone number with digits, and if you like +, spaces, dashes or brackets.',
  'validation.reassignNeedsChanged': 'Choose a new receiver only when the answer is that the result will be changed.',
  'validation.reassignNotReceiver': 'Choose someone who receives items in this estate.',
  'validation.parentOnlyForOffspring':
    'Only an Offspring member receives through a parent. Add the Offspring role or clear this field.',
};

export function validationText(message: string | undefined): string {
  if (!message) return 'This value is not valid.';
  return VALIDATION_MESSAGES[message] ?? message;
}
