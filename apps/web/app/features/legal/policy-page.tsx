import { PageBanner } from '../../components/layout/page-banner.tsx';
import { useStoreShell } from '../../components/layout/shell-data.ts';
import { LegalDocument, LegalUnavailable } from './legal-document.tsx';
import { POLICIES_UPDATED, type Policy } from './policies.tsx';

/** One legal page: its banner and its sections, with the numbers from the store settings (root loader). */
export function PolicyPage({ policy }: { policy: Policy }) {
  const { settings } = useStoreShell();
  return (
    <>
      <PageBanner title={policy.title} />
      <div className="section">
        {settings ? (
          <LegalDocument label={policy.title} lead={policy.lead} updated={POLICIES_UPDATED} sections={policy.sections(settings)} />
        ) : (
          <LegalUnavailable />
        )}
      </div>
    </>
  );
}
