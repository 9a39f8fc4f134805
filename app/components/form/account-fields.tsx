import type { InputHTMLAttributes } from "react";
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from "~/lib/account";
import type { FormFailure } from "~/lib/forms/parse";
import { Field } from "./field";

/**
 * The inputs of an account's fields, for every page that asks for them (registration,
 * password reset, settings): each puts its own limits and autocomplete hints on the input
 * (docs/decisions/027-account-fields.md) and shows the failure's error and typed value for its
 * name. Passwords are never typed back (the failure's values leave them out).
 */
export type AccountFieldProps = {
  /** Needed where two forms of one page ask for the same field (settings). */
  id?: string;
  label: string;
  hint?: string;
  failure?: FormFailure | null;
};

const ACCOUNT_INPUTS = {
  name: { autoComplete: "name", required: true, maxLength: NAME_MAX_LENGTH },
  email: { type: "email", autoComplete: "email", required: true, maxLength: EMAIL_MAX_LENGTH },
  // Settings may leave the username empty; registration passes `required`.
  username: { autoComplete: "username", autoCapitalize: "none", spellCheck: false, maxLength: USERNAME_MAX_LENGTH },
} satisfies Record<string, InputHTMLAttributes<HTMLInputElement>>;

export function AccountField({
  name,
  failure,
  defaultValue,
  ...field
}: AccountFieldProps & {
  name: keyof typeof ACCOUNT_INPUTS;
  /** Shown until a failed submit brings back what was typed. */
  defaultValue?: string;
  required?: boolean;
}) {
  return (
    <Field
      {...ACCOUNT_INPUTS[name]}
      {...field}
      name={name}
      defaultValue={failure?.values[name] ?? defaultValue}
      errors={failure?.fieldErrors[name]}
    />
  );
}

/**
 * A new password and its repeat (registration, reset, settings), with the limits the server
 * holds them to, so the browser stops at the same length.
 */
export function NewPasswordFields({
  names = { password: "password", confirm: "confirmPassword" },
  ids,
  labels,
  hint,
  failure,
}: {
  names?: { password: string; confirm: string };
  ids?: { password: string; confirm: string };
  labels: { password: string; confirm: string };
  hint: string;
  failure?: FormFailure | null;
}) {
  return (
    <>
      <Field
        id={ids?.password}
        label={labels.password}
        name={names.password}
        type="password"
        hint={hint}
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        errors={failure?.fieldErrors[names.password]}
      />
      <Field
        id={ids?.confirm}
        label={labels.confirm}
        name={names.confirm}
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        errors={failure?.fieldErrors[names.confirm]}
      />
    </>
  );
}
