import { CATEGORIES } from "~/lib/categories";
import { useTranslation } from "~/lib/i18n-lite/react";

/** The options of a category <select> (SPEC §1's eight categories), after one for "none chosen". */
export function CategoryOptions({ emptyLabel }: { emptyLabel: string }) {
  const { t } = useTranslation();
  return (
    <>
      <option value="">{emptyLabel}</option>
      {CATEGORIES.map((category) => (
        <option key={category} value={category}>
          {t(`categories.${category}`)}
        </option>
      ))}
    </>
  );
}
