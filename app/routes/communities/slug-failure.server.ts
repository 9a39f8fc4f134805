import { data } from "react-router";
import { formFailure } from "~/lib/forms/parse";

const KEYS = {
  slug_taken: "communities:errors.slugTaken",
  slug_school: "communities:errors.slugSchool",
} as const;

/**
 * The create and edit forms' answer when the address is not free: another community's (409),
 * or a school's (decision 068: `/{slug}` is one namespace), shown at the slug field.
 */
export function slugFailure(formData: FormData, status: keyof typeof KEYS) {
  return data(formFailure(formData, KEYS[status], undefined, { slug: [KEYS[status]] }), { status: 409 });
}
