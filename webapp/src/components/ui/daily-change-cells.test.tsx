import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { getChangeDisplay } from '@/lib/change-display';

import { DailyChangeCells } from './daily-change-cells';

function renderRow(change: number | null, changeRate: number | null, type: Parameters<typeof getChangeDisplay>[0]) {
  render(
    <table>
      <tbody>
        <tr>
          <DailyChangeCells close={71200} change={change} changeRate={changeRate} display={getChangeDisplay(type)} />
        </tr>
      </tbody>
    </table>,
  );
  return screen.getAllByRole('cell').map((cell) => cell.textContent);
}

describe('DailyChangeCells', () => {
  it('shows a fall as an arrow and the absolute amount, in the fall style', () => {
    expect(renderRow(-1500, -0.0206, 'FALL')).toEqual(['71,200', '▼ 1,500', '-2.06%']);
    screen.getByLabelText('하락'); // throws when the arrow has no spoken label
    expect(screen.getAllByRole('cell')[0]?.className).toBe('change--fall');
  });

  it('shows a dash when the previous day is not loaded', () => {
    expect(renderRow(null, null, 'EVEN')[1]).toBe('-');
  });
});
