import { Loading } from '@/components/ui/loading';
import { DestinationPicker } from '@/features/favorites/components/destination-picker';

import type { PutStocksForm } from './use-put-stocks';

/** The group that `adding` stocks go into, from `form` (usePutStocks); a spinner until the groups load. */
export function PutStocksDestination({ form, adding }: { form: PutStocksForm; adding: number }) {
  if (!form.lists) return <Loading />;
  return (
    <DestinationPicker
      lists={form.lists}
      choice={form.choice}
      onChoice={form.setChoice}
      newName={form.newName}
      onNewName={form.setNewName}
      adding={adding}
      error={form.error}
    />
  );
}
