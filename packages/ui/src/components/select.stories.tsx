import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FormField } from './form-field';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from './select';

const meta = {
  title: 'Components/Select',
  component: Select,
  args: { disabled: false },
  render: (args) => (
    <div className="max-w-xs">
      <FormField label="Category">
        <Select {...args}>
          <SelectTrigger>
            <SelectValue placeholder="Choose a category" />
          </SelectTrigger>
          <SelectContent>
            <SelectGroup>
              <SelectLabel>Home</SelectLabel>
              <SelectItem value="plumbing">Plumbing</SelectItem>
              <SelectItem value="electrical">Electrical</SelectItem>
              <SelectItem value="cleaning">Cleaning</SelectItem>
            </SelectGroup>
            <SelectSeparator />
            <SelectGroup>
              <SelectLabel>Beauty</SelectLabel>
              <SelectItem value="hair">Hair styling</SelectItem>
              <SelectItem value="nails" disabled>
                Nails (soon)
              </SelectItem>
            </SelectGroup>
          </SelectContent>
        </Select>
      </FormField>
    </div>
  ),
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Placeholder: Story = {};
export const WithValue: Story = { args: { defaultValue: 'electrical' } };
export const Disabled: Story = { args: { disabled: true, defaultValue: 'plumbing' } };

export const ChooseWithKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const trigger = body.getByRole('combobox', { name: 'Category' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const listbox = await body.findByRole('listbox');
    await userEvent.click(within(listbox).getByRole('option', { name: 'Cleaning' }));
    await waitFor(() => expect(trigger).toHaveTextContent('Cleaning'));
  },
};
