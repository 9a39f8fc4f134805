import { useTranslation } from "~/lib/i18n-lite/react";

/** /chat with nothing open: on a wide screen the pane says what to do. */
export default function ChatIndex() {
  const { t } = useTranslation("chat");
  return <p className="hint chat-choose">{t("choose")}</p>;
}
