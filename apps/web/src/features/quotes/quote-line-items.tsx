import type { Money, QuoteLineItem } from '@vetted/contract';
import {
  Price,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '@vetted/ui';

export interface QuoteLineItemsProps {
  /** The quote's lines, amounts in minor units of `total.currency`. */
  lineItems: QuoteLineItem[];
  /**
   * The total as the API states it: the lines' sum, or an accepted counter-offer's amount
   * (so it is never summed here).
   */
  total: Money;
  /** The table's accessible caption (visually hidden). @defaultValue "Line items" */
  caption?: string;
  /** The footer row's words. @defaultValue "Total" */
  totalLabel?: string;
}

/**
 * A quote's line items as a two-column table (what, price) with the total in the footer. Used
 * on the customer's quote cards, the pro's quote builder preview and the order page.
 */
export function QuoteLineItems({
  lineItems,
  total,
  caption = 'Line items',
  totalLabel = 'Total',
}: QuoteLineItemsProps) {
  return (
    <Table>
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader className="sr-only">
        <TableRow>
          <TableHead>Item</TableHead>
          <TableHead className="text-right">Price</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {lineItems.map((line, i) => (
          // Lines have no id and may repeat a description; their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <TableRow key={i}>
            <TableCell className="px-2 py-1.5 break-words whitespace-normal">
              {line.description}
            </TableCell>
            <TableCell className="px-2 py-1.5 text-right align-top">
              <Price amount={line.amount} currency={total.currency} className="font-normal" />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell className="px-2 py-1.5 font-semibold">{totalLabel}</TableCell>
          <TableCell className="px-2 py-1.5 text-right">
            <Price amount={total.amount} currency={total.currency} />
          </TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}
