/**
 * Structured data for search engines: one JSON-LD block (core/catalog/structured-data.ts builds
 * it), escaped so no text in it can end the script element. Drawn in the server's render, so the
 * first response carries it.
 */
import { jsonForScript } from '../../core/shared/json-for-script';

export const StructuredData = ({ data }: { readonly data: Readonly<Record<string, unknown>> }) => (
  <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
);
