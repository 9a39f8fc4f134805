import { data } from "react-router";
import { type FormFailure, formFailure } from "./parse";

/**
 * The one 429 answer: a message with the wait in whole minutes (as `minutes`, and as `count`
 * for texts with plural forms) and Retry-After, for forms and the JSON API alike.
 */
export function waitValues(retryAfterSeconds: number) {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return { minutes, count: minutes };
}

export function retryAfterHeaders(retryAfterSeconds: number) {
  return { "Retry-After": String(Math.ceil(retryAfterSeconds)) };
}

export function rateLimitedFailure(formData: FormData, message: string, retryAfterSeconds: number): FormFailure {
  return formFailure(formData, message, waitValues(retryAfterSeconds));
}

/** A form refused for now: its page again with the message, status 429 and Retry-After. */
export function rateLimited(formData: FormData, message: string, retryAfterSeconds: number) {
  return data(rateLimitedFailure(formData, message, retryAfterSeconds), {
    status: 429,
    headers: retryAfterHeaders(retryAfterSeconds),
  });
}
