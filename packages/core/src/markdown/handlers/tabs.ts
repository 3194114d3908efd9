import type { LiquidBlock } from '../liquid/mdast.js';
import type { Block, Stepper, StepperStep, Tabs, TabsItem } from '../../model/blocks.js';
import type { ParseContext } from '../parse-context.js';
import {
  attribute,
  booleanAttribute,
  booleanString,
  onlyAttributes,
  tagBlock,
} from './tag-nodes.js';
import type { ConstructHandlers } from './types.js';

/** The paired `{% item %}` children of a container, or `undefined` if anything else is there. */
function items(node: LiquidBlock, itemName: string): LiquidBlock[] | undefined {
  const children = node.children.filter(
    (child) => child.type !== 'liquidTag' || child.tag?.name !== undefined,
  );
  return children.every(
    (child): child is LiquidBlock => child.type === 'liquidBlock' && child.tag.name === itemName,
  )
    ? children
    : undefined;
}

function readTabs(node: LiquidBlock, context: ParseContext): Block[] | undefined {
  const tabs = items(node, 'tab');
  if (
    !tabs ||
    !onlyAttributes(node, ['fullWidth']) ||
    !tabs.every((tab) => onlyAttributes(tab, ['title', 'icon']))
  ) {
    return undefined;
  }
  const fullWidth = booleanAttribute(node, 'fullWidth');
  const block: Tabs = {
    object: 'block',
    type: 'tabs',
    data: fullWidth === undefined ? {} : { fullWidth },
    nodes: tabs.map((tab): TabsItem => {
      const title = attribute(tab, 'title');
      const icon = attribute(tab, 'icon');
      return {
        object: 'block',
        type: 'tabs-item',
        data: {
          ...(title === undefined ? {} : { title }),
          ...(icon === undefined ? {} : { icon }),
        },
        nodes: context.blocks(tab.children),
      };
    }),
  };
  return [block];
}

function readStepper(node: LiquidBlock, context: ParseContext): Block[] | undefined {
  const steps = items(node, 'step');
  if (!steps || !onlyAttributes(node, []) || !steps.every((step) => onlyAttributes(step, ['icon'])))
    return undefined;
  const block: Stepper = {
    object: 'block',
    type: 'stepper',
    data: {},
    nodes: steps.map((step): StepperStep => {
      const icon = attribute(step, 'icon');
      return {
        object: 'block',
        type: 'stepper-step',
        data: icon === undefined ? {} : { icon },
        nodes: context.blocks(step.children),
      };
    }),
  };
  return [block];
}

/** Tabs (`{% tabs %}{% tab title="…" icon="…" %}`) and steppers (`{% stepper %}{% step %}`). */
export const tabs: ConstructHandlers = {
  tags: {
    tabs: (node, context) => (node.type === 'liquidBlock' ? readTabs(node, context) : undefined),
    stepper: (node, context) =>
      node.type === 'liquidBlock' ? readStepper(node, context) : undefined,
  },
  blocks: {
    tabs: (block, context) => [
      tagBlock(
        'tabs',
        [['fullWidth', booleanString(block.data.fullWidth)]],
        block.nodes.map((tab) =>
          tagBlock(
            'tab',
            [
              ['title', tab.data.title],
              ['icon', tab.data.icon],
            ],
            context.blocks(tab.nodes),
          ),
        ),
      ),
    ],
    stepper: (block, context) => [
      tagBlock(
        'stepper',
        [],
        block.nodes.map((step) =>
          tagBlock('step', [['icon', step.data.icon]], context.blocks(step.nodes)),
        ),
      ),
    ],
  },
};
