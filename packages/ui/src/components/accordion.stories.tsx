import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from './accordion';

const faq = [
  ['How are vendors vetted?', 'We check identity, insurance and qualifications.'],
  ['When am I charged?', 'When you book. The vendor is paid after the job is completed.'],
  ['Can I cancel?', 'Yes, free of charge up to 24 hours before the appointment.'],
] as const;

const meta = {
  title: 'Components/Accordion',
  component: Accordion,
  args: { type: 'single', collapsible: true },
  render: (args) => (
    <Accordion {...args} className="max-w-lg">
      {faq.map(([q, a]) => (
        <AccordionItem key={q} value={q}>
          <AccordionTrigger>{q}</AccordionTrigger>
          <AccordionContent>{a}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  ),
} satisfies Meta<typeof Accordion>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Single: Story = {};
export const FirstOpen: Story = { args: { type: 'single', defaultValue: faq[0][0] } };
export const Multiple: Story = {
  args: { type: 'multiple', defaultValue: [faq[0][0], faq[2][0]] } as never,
};

export const ToggleWithKeyboard: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: faq[1][0] });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByText(faq[1][1])).toBeVisible();
  },
};
