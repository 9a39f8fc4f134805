import { data } from "react-router";

/** SPEC §2: an unmatched route answers 404 and shows "This page could not be found". */
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function CatchAll() {
  return null;
}
