import { createContext } from "react-router";

/** The signed-in user for this request, or null for a guest. Set by the auth middleware. */
export type SessionUser = {
  id: number;
  name: string;
  username: string | null;
  email: string;
  avatar: string;
  theme: string;
};

export const userContext = createContext<SessionUser | null>(null);
