// Shapes of topics (docs/api.md, "Topics"), from the API schema: aliases of the generated types.
import type { components } from '@/lib/api';

type Schemas = components['schemas'];

export type Topic = Schemas['Topic'];
export type TopicStock = Schemas['TopicStock'];
export type TopicBody = Schemas['TopicBody'];
export type TopicList = Schemas['TopicList'];
export type TopicPage = Schemas['TopicPage'];
