// ApplicationFailure types of activity failures that no retry can fix (activities/failures.ts makes
// them); workflows and the API read them from a failure's type or an Update failure's details.
export const DATA_ERROR = 'DataError';
export const INVALID_INPUT = 'InvalidInput';
export const TEMPLATE_ERROR = 'TemplateError';
