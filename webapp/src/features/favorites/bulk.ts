// Several stocks into a group: into a new one in one call (construct), or into an existing
// one stock by stock (the contract has no batch add), stopping at the first refusal (a full
// group: 409 list_full) so what was added stays added.
import { addFavoriteStock, constructFavoriteStockList } from './api';

export type Destination = { kind: 'new'; name: string } | { kind: 'existing'; listId: number };

export async function putStocksInGroup(destination: Destination, securityIds: readonly string[]): Promise<void> {
  if (destination.kind === 'new') {
    await constructFavoriteStockList(destination.name, securityIds);
    return;
  }
  for (const securityId of securityIds) {
    await addFavoriteStock(securityId, destination.listId);
  }
}
