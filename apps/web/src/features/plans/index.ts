/*
 * The plans feature as other features see it: the only module they import from it.
 */

export { endOfDayIn, type HowOften, HowOftenField } from './how-often-field';
export { PlanPaymentNote } from './plan-payment-note';
export { FREQUENCY_WORDS, PLAN_PAYMENT_TEXT, planVisitWords } from './plan-words';
