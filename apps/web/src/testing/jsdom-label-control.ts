import { createRequire } from 'node:module';

/**
 * jsdom finds the control of a `<label for>` by walking the whole document, and an input's `labels`
 * asks that of every label. Testing Library's label and role queries read `labels` for every field,
 * so a query on one of the large admin forms walked the document once per label per field: most of
 * those suites' time in a CPU profile. This gives jsdom's label the same answer through the
 * document's `getElementById`, which jsdom answers from an index of ids (the first element in tree
 * order with that id, as the walk finds). Labels in a fragment, a shadow root or a detached tree keep jsdom's
 * own walk.
 */

interface NodeImpl {
  getRootNode(options: object): NodeImpl;
  getAttributeNS(namespace: null, name: string): string | null;
  hasAttributeNS(namespace: null, name: string): boolean;
  nodeType: number;
  getElementById?(id: string): NodeImpl | null;
}

const DOCUMENT_NODE = 9;

type LabelPrototype = { control: NodeImpl | null };

const require = createRequire(import.meta.url);
const { implementation: LabelImpl } = require('jsdom/lib/jsdom/living/nodes/HTMLLabelElement-impl.js') as {
  implementation: { prototype: LabelPrototype };
};
const { isLabelable } = require('jsdom/lib/jsdom/living/helpers/form-controls.js') as {
  isLabelable: (node: NodeImpl) => boolean;
};

const walkingControl = Object.getOwnPropertyDescriptor(LabelImpl.prototype, 'control')?.get;
if (walkingControl === undefined)
  throw new Error('jsdom’s label no longer has a control getter: see jsdom-label-control.ts');

Object.defineProperty(LabelImpl.prototype, 'control', {
  configurable: true,
  get(this: NodeImpl): NodeImpl | null {
    const root = this.getRootNode({});
    if (!this.hasAttributeNS(null, 'for') || root.nodeType !== DOCUMENT_NODE) {
      return walkingControl.call(this) as NodeImpl | null;
    }
    const forValue = this.getAttributeNS(null, 'for')!;
    if (forValue === '') return null;
    const target = root.getElementById!(forValue);
    return target !== null && isLabelable(target) ? target : null;
  },
});
