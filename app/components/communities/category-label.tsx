import { useTranslation } from "~/lib/i18n-lite/react";

/** The coloured label of a group category (SPEC §1). */
export function CategoryLabel({ category }: { category: string }) {
  const { t } = useTranslation();
  return (
    <span className={`category-label category-${category}`}>{t(`categories.${category}` as "categories.pto")}</span>
  );
}
