import { t } from "../i18n";
import { LinkedinIcon } from "./icons";

/** 'LinkedIn' link of a person (author, speaker), named for screen readers as "{name} on LinkedIn". */
export function LinkedinLink({ href, name, className }: { href: string; name: string; className: string }) {
  return (
    <a href={href} rel="noopener noreferrer" aria-label={t("person.linkedin_of", { name })} className={className}>
      <LinkedinIcon className="h-4 w-4" /> {t("person.linkedin")}
    </a>
  );
}
