import { useTranslation } from "react-i18next";

/** /chat with nothing open: on a wide screen the pane says what to do. */
export default function ChatIndex() {
  const { t } = useTranslation("chat");
  return <p className="hint chat-choose">{t("choose")}</p>;
}
