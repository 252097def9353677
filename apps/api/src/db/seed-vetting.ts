/**
 * Seeded vendors in every vetting state ("Seed a few vendors in each vetting state so
 * the admin queue has work"): pending applications with their identity and insurance documents,
 * drafts left incomplete, rejected and suspended pros with the reason they were told, and the
 * audit-log entries of those decisions. Documents are small generated files (an identity card
 * PNG, an insurance certificate PDF made with pdf-lib) in PRIVATE storage
 * (`config.privateUploadDir`, never served under `/media`), as `POST /v1/vendor/documents`
 * stores uploads.
 */
import type { DocumentKind } from '@vetted/contract';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { auditLog, vendorDocuments, vendorProfiles } from './schema';
import type { IllustrationRenderer } from './seed-illustrations';
import { lucideIconElements } from './seed-illustrations';

type VendorRow = typeof vendorProfiles.$inferInsert;
type DocumentRow = typeof vendorDocuments.$inferInsert;
type AuditRow = typeof auditLog.$inferInsert;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** One seeded vendor outside `approved`, and how far their application got. */
export interface VettingSeed {
  status: 'draft' | 'pending' | 'rejected' | 'suspended';
  /** Whether they listed services (with gallery images). */
  services: boolean;
  /** Whether they set opening hours. */
  hours: boolean;
  /** Documents uploaded. */
  documents: DocumentKind[];
  /** Hours before seeding the profile was (last) submitted for review; null: never. */
  submittedHoursAgo: number | null;
  /** Hours before seeding an admin decided (rejected / suspended); null: no decision yet. */
  decidedHoursAgo: number | null;
  /** What the vendor was told (rejected, suspended). */
  reason: string | null;
}

/**
 * The non-approved seeded vendors: 4 pending (submitted over the last days, complete,
 * with identity + insurance), 2 drafts (incomplete), 2 rejected and 1 suspended, with reasons.
 */
export const VETTING_SEEDS: readonly VettingSeed[] = [
  ...[5, 27, 52, 98].map(
    (hours): VettingSeed => ({
      status: 'pending',
      services: true,
      hours: true,
      documents: ['identity', 'insurance'],
      submittedHoursAgo: hours,
      decidedHoursAgo: null,
      reason: null,
    }),
  ),
  {
    status: 'draft',
    services: true,
    hours: false,
    documents: ['identity'],
    submittedHoursAgo: null,
    decidedHoursAgo: null,
    reason: null,
  },
  {
    status: 'draft',
    services: false,
    hours: false,
    documents: [],
    submittedHoursAgo: null,
    decidedHoursAgo: null,
    reason: null,
  },
  {
    status: 'rejected',
    services: true,
    hours: true,
    documents: ['identity', 'insurance'],
    submittedHoursAgo: 9 * 24,
    decidedHoursAgo: 8 * 24 + 3,
    reason:
      'Your insurance certificate expired on 31 March. Upload a current certificate and submit again.',
  },
  {
    status: 'rejected',
    services: true,
    hours: true,
    documents: ['identity', 'insurance'],
    submittedHoursAgo: 6 * 24,
    decidedHoursAgo: 5 * 24 + 20,
    reason:
      'The name on your identity document does not match the name on your account. Upload an ID in the account holder’s name.',
  },
  {
    status: 'suspended',
    services: true,
    hours: true,
    documents: ['identity', 'insurance'],
    submittedHoursAgo: 140 * 24,
    decidedHoursAgo: 3 * 24 + 5,
    reason:
      'Several customers reported missed appointments this month. Your listings are hidden while we look into it.',
  },
];

/** The vetting columns of a seeded vendor in `seed`'s state, times counted back from `now`. */
export function vettingFields(
  seed: VettingSeed,
  now: Date,
): Pick<VendorRow, 'vettingStatus' | 'vettingReason' | 'submittedAt' | 'vettingUpdatedAt'> {
  const ago = (hours: number | null) =>
    hours === null ? null : new Date(now.getTime() - hours * HOUR);
  const submittedAt = ago(seed.submittedHoursAgo);
  return {
    vettingStatus: seed.status,
    vettingReason: seed.reason,
    submittedAt,
    vettingUpdatedAt: ago(seed.decidedHoursAgo) ?? submittedAt,
  };
}

/**
 * The audit-log entries of the admin decisions behind `seed` ("every decision
 * recorded with who and when"): a rejection, or the approval and later suspension, by
 * `adminId` (null when there is no admin account). Actions are the admin domain's
 * `vendor.<decision>`; `detail.reason` what the vendor was told.
 */
export function vettingAuditRows(
  seed: VettingSeed,
  vendorId: string,
  adminId: string | null,
  now: Date,
  idOf: (name: string) => string,
): AuditRow[] {
  if (seed.decidedHoursAgo === null) return [];
  const at = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const row = (action: string, hours: number, detail: Record<string, unknown>): AuditRow => ({
    id: idOf(`audit:${vendorId}:${action}`),
    actorId: adminId,
    action,
    subjectType: 'vendor',
    subjectId: vendorId,
    detail,
    createdAt: at(hours),
  });
  if (seed.status === 'rejected') {
    return [row('vendor.reject', seed.decidedHoursAgo, { reason: seed.reason })];
  }
  if (seed.status === 'suspended') {
    const approvedHoursAgo = (seed.submittedHoursAgo ?? seed.decidedHoursAgo + 48) - 20;
    return [
      row('vendor.approve', approvedHoursAgo, {}),
      row('vendor.suspend', seed.decidedHoursAgo, { reason: seed.reason }),
    ];
  }
  return [];
}

/** The documents every approved seeded pro submitted (the ones a pending application needs). */
export const APPROVED_DOCUMENTS: readonly DocumentKind[] = ['identity', 'insurance'];

/** When an approved seeded pro's application moved: documents, submission, approval. */
export interface ApprovalTimes {
  /** Documents uploaded: 2 days after signing up. */
  uploadedAt: Date;
  /** Application submitted: 2 hours after the documents. */
  submittedAt: Date;
  /** Approved by an admin: 20 hours after submitting. */
  approvedAt: Date;
}

/**
 * The vetting history of a pro approved in the seed, counted from their sign-up `createdAt`,
 * so the admin's Approved tab and vendor detail show submitted documents and an approval like
 * every pro who went through the queue ("every pro is vetted").
 */
export function approvalTimes(createdAt: Date): ApprovalTimes {
  const uploadedAt = new Date(createdAt.getTime() + 2 * DAY);
  const submittedAt = new Date(uploadedAt.getTime() + 2 * HOUR);
  return { uploadedAt, submittedAt, approvedAt: new Date(submittedAt.getTime() + 20 * HOUR) };
}

/**
 * The audit-log entry of an approved seeded pro's approval (`vendor.approve`, as the admin
 * domain records it, with the transition) by `adminId` (null when there is no admin account) at `approvedAt`.
 */
export function approvalAuditRow(
  vendorId: string,
  adminId: string | null,
  approvedAt: Date,
  idOf: (name: string) => string,
): AuditRow {
  return {
    id: idOf(`audit:${vendorId}:vendor.approve`),
    actorId: adminId,
    action: 'vendor.approve',
    subjectType: 'vendor',
    subjectId: vendorId,
    // As the admin domain records an approval from the queue.
    detail: { from: 'pending', to: 'approved' },
    createdAt: approvedAt,
  };
}

/** Text the PDF standard fonts can draw (WinAnsi): accents and macrons dropped. */
function winAnsi(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘]/g, "'")
    .replace(/[^\x20-\x7e]/g, '');
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Facts printed on a vendor's sample documents. */
export interface DocumentFacts {
  vendorId: string;
  ownerName: string;
  businessName: string;
  city: string;
  /** When the documents were uploaded (a little before submitting). */
  uploadedAt: Date;
}

/** An identity card PNG (900 × 560), clearly marked as a generated sample. */
async function identityPng(facts: DocumentFacts, number: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="560" viewBox="0 0 900 560">
  <rect width="900" height="560" rx="36" fill="#eef4ff"/>
  <rect x="0" y="0" width="900" height="96" rx="36" fill="#135fe1"/><rect x="0" y="60" width="900" height="36" fill="#135fe1"/>
  <text x="48" y="62" font-family="DejaVu Sans, sans-serif" font-size="32" font-weight="700" fill="#fff">IDENTITY CARD</text>
  <text x="852" y="62" text-anchor="end" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#dbeafe">SAMPLE · NOT A REAL DOCUMENT</text>
  <rect x="48" y="136" width="230" height="290" rx="20" fill="#dbe6fb"/>
  <g transform="translate(83 196) scale(6.67)" fill="none" stroke="#5b7fc7" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">${lucideIconElements('user-round')}</g>
  <g font-family="DejaVu Sans, sans-serif" fill="#0b2e6b">
    <text x="318" y="170" font-size="20" fill="#5b7fc7">NAME</text>
    <text x="318" y="208" font-size="34" font-weight="700">${escapeXml(facts.ownerName)}</text>
    <text x="318" y="262" font-size="20" fill="#5b7fc7">DOCUMENT NUMBER</text>
    <text x="318" y="298" font-size="30" font-weight="700">${number}</text>
    <text x="318" y="352" font-size="20" fill="#5b7fc7">PLACE OF ISSUE</text>
    <text x="318" y="388" font-size="30" font-weight="700">${escapeXml(facts.city)}</text>
  </g>
  <text x="48" y="500" font-family="DejaVu Sans, sans-serif" font-size="20" fill="#5b7fc7">Generated demo file for the Vetted seed data. It identifies nobody.</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}

/** A one-page certificate-of-insurance PDF (A4), clearly marked as a generated sample. */
async function insurancePdf(facts: DocumentFacts, policy: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const title = `Certificate of insurance - ${winAnsi(facts.businessName)}`;
  doc.setTitle(title);
  doc.setAuthor('Vetted demo data');
  doc.setCreator('Vetted seed');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(facts.uploadedAt);
  doc.setModificationDate(facts.uploadedAt);
  const page = doc.addPage([595.28, 841.89]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const blue = rgb(0.075, 0.373, 0.882);
  const ink = rgb(0.043, 0.18, 0.42);
  page.drawRectangle({ x: 0, y: 761.89, width: 595.28, height: 80, color: blue });
  page.drawText('CERTIFICATE OF INSURANCE', {
    x: 48,
    y: 792,
    size: 22,
    font: bold,
    color: rgb(1, 1, 1),
  });
  page.drawText('SAMPLE - generated demo document, not a real policy', {
    x: 48,
    y: 772,
    size: 10,
    font: regular,
    color: rgb(0.86, 0.92, 1),
  });
  const expires = new Date(facts.uploadedAt.getTime() + 300 * DAY).toISOString().slice(0, 10);
  const rows: Array<[string, string]> = [
    ['Insured', winAnsi(facts.businessName)],
    ['Policy holder', winAnsi(facts.ownerName)],
    ['Location', winAnsi(facts.city)],
    ['Policy number', policy],
    ['Cover', 'Public liability, 2,000,000 per claim'],
    ['Valid until', expires],
  ];
  rows.forEach(([label, value], i) => {
    const y = 700 - i * 46;
    page.drawText(label.toUpperCase(), { x: 48, y: y + 16, size: 9, font: regular, color: blue });
    page.drawText(value, { x: 48, y, size: 14, font: bold, color: ink });
  });
  page.drawText('Generated for the Vetted seed data. It insures nobody.', {
    x: 48,
    y: 60,
    size: 10,
    font: regular,
    color: blue,
  });
  return Buffer.from(await doc.save());
}

/** File names shown to admins for each kind of seeded document. */
const DOCUMENT_FILES: Record<DocumentKind, { name: string; ext: string; contentType: string }> = {
  identity: { name: 'identity-card.png', ext: 'png', contentType: 'image/png' },
  insurance: { name: 'insurance-certificate.pdf', ext: 'pdf', contentType: 'application/pdf' },
  licence: { name: 'trade-licence.pdf', ext: 'pdf', contentType: 'application/pdf' },
};

/**
 * Renders the vendor's documents of `kinds` and queues them on `renderer` (bound to PRIVATE
 * storage) under `vendor-documents/<vendor id>/<document id>.<ext>`; answers the
 * `vendor_documents` rows. Files are rendered before the rows are built, since a row records the
 * file's size in bytes.
 */
export async function seedDocuments(
  renderer: IllustrationRenderer,
  facts: DocumentFacts,
  kinds: readonly DocumentKind[],
  idOf: (name: string) => string,
): Promise<DocumentRow[]> {
  const rows: DocumentRow[] = [];
  for (const [i, kind] of kinds.entries()) {
    const id = idOf(`document:${facts.vendorId}:${kind}`);
    const serial = id.replaceAll('-', '').slice(0, 9).toUpperCase();
    const file = DOCUMENT_FILES[kind];
    const bytes =
      kind === 'identity'
        ? await identityPng(facts, `ID-${serial}`)
        : await insurancePdf(facts, `PL-${serial}`);
    const key = renderer.file(
      `vendor-documents/${facts.vendorId}/${id}.${file.ext}`,
      async () => bytes,
      file.contentType,
    );
    rows.push({
      id,
      vendorId: facts.vendorId,
      kind,
      storageKey: key,
      fileName: file.name,
      contentType: file.contentType,
      sizeBytes: bytes.length,
      createdAt: new Date(facts.uploadedAt.getTime() + i * 4 * 60_000),
    });
  }
  return rows;
}
