export { ERRORS, type ErrorName, type ErrorSpec, type Recovery } from './catalogue.js';
export { CodedError, formatCodedMessage, isCodedError, parseCodedMessage } from './coded-error.js';
