import type { AccountFieldProps } from "./account-fields";
import { Field } from "./field";

// A module of its own: sign-in needs only this one, not the other account inputs (decision 099).
/** The password that proves who is asking (sign-in, changing the email or password, deleting). */
export function CurrentPasswordField({
  name = "currentPassword",
  failure,
  ...field
}: AccountFieldProps & { name?: string }) {
  return (
    <Field
      {...field}
      name={name}
      type="password"
      autoComplete="current-password"
      required
      errors={failure?.fieldErrors[name]}
    />
  );
}
