// The avatar popup as the post cards load it on demand (decision 076): a module of its own, so
// the dynamic import gets a chunk whose exports are exactly these.
export { AvatarPopup } from "~/components/users/avatar-popup";
