import { SegmentedControl } from '@/components/ui/segmented-control';

import { FONT_SIZES, type FontSize } from '../font-size';
import { setFontSize, useFontSize } from '../use-font-size';

const LABELS: Record<FontSize, string> = { size1: '작게', size2: '보통', size3: '크게', size4: '아주 크게' };
const OPTIONS = FONT_SIZES.map((size) => ({ value: size, label: LABELS[size] }));

/** 글자 크기: four sizes, applied to the whole app at once and kept on the device. */
export function FontSizePicker() {
  return (
    <SegmentedControl
      options={OPTIONS}
      value={useFontSize()}
      onChange={setFontSize}
      label="글자 크기"
      className="font-size-picker"
    />
  );
}
