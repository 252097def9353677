import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Price } from './price';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from './table';

const postings = [
  { account: 'customer_receivable', kind: 'Charge', amount: 12000 },
  { account: 'platform_revenue', kind: 'Platform fee', amount: -1800 },
  { account: 'vendor_payable', kind: 'Pro’s share', amount: -10200 },
];

const meta = {
  title: 'Components/Table',
  component: Table,
  args: { label: 'Ledger postings' },
  render: (args) => (
    <Table {...args}>
      <TableCaption>Ledger postings of one payment (debit +, credit −)</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Account</TableHead>
          <TableHead>Kind</TableHead>
          <TableHead className="text-right">Amount</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {postings.map((p) => (
          <TableRow key={p.account}>
            <TableHead scope="row">{p.account}</TableHead>
            <TableCell>{p.kind}</TableCell>
            <TableCell className="text-right tabular-nums">
              <Price amount={p.amount} currency="USD" />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableHead scope="row" colSpan={2}>
            Balance
          </TableHead>
          <TableCell className="text-right tabular-nums">
            <Price amount={0} currency="USD" />
          </TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  ),
} satisfies Meta<typeof Table>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: /Ledger postings of one payment/ });
    await expect(within(table).getAllByRole('columnheader')).toHaveLength(3);
    await expect(within(table).getByRole('rowheader', { name: 'vendor_payable' })).toBeVisible();
  },
};
export const Narrow: Story = {
  name: 'Scrolls sideways at 375 px',
  parameters: { testViewport: { width: 375 } },
  decorators: [(Story) => <div className="max-w-[375px]">{Story()}</div>],
};
export const Dark: Story = { globals: { theme: 'dark' } };
