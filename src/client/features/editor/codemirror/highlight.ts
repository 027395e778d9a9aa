import { HighlightStyle } from '@codemirror/language';
import {
  flowchartTags,
  mermaidTags,
  pieTags,
  sequenceTags,
  journeyTags,
  requirementTags,
  ganttTags,
  mindmapTags,
} from 'codemirror-lang-mermaid';

/**
 * Colours come from CSS variables (--syntax-*, in styles.css), so one highlight style serves
 * light and dark mode and a theme switch costs no editor reconfiguration. The language package's
 * own tags are used so no extra dependency is needed.
 */
export const mermaidHighlightStyle = HighlightStyle.define([
  {
    tag: [
      mermaidTags.diagramName,
      flowchartTags.diagramName,
      sequenceTags.diagramName,
      pieTags.diagramName,
      journeyTags.diagramName,
      requirementTags.diagramName,
      ganttTags.diagramName,
      mindmapTags.diagramName,
    ],
    color: 'var(--syntax-diagram)',
    fontWeight: '600',
  },
  {
    tag: [
      sequenceTags.keyword1,
      flowchartTags.keyword,
      pieTags.title,
      pieTags.showData,
      journeyTags.keyword,
      requirementTags.keyword,
      ganttTags.keyword,
    ],
    color: 'var(--syntax-keyword)',
  },
  {
    tag: [sequenceTags.keyword2, sequenceTags.position, flowchartTags.orientation],
    color: 'var(--syntax-control)',
  },
  {
    tag: [sequenceTags.arrow, flowchartTags.link, flowchartTags.nodeEdge, requirementTags.arrow],
    color: 'var(--syntax-arrow)',
  },
  {
    tag: [
      sequenceTags.messageText1,
      sequenceTags.messageText2,
      flowchartTags.nodeText,
      flowchartTags.nodeEdgeText,
      flowchartTags.string,
      pieTags.string,
      pieTags.titleText,
      journeyTags.text,
      requirementTags.quotedString,
      ganttTags.string,
    ],
    color: 'var(--syntax-string)',
  },
  {
    tag: [sequenceTags.nodeText, flowchartTags.nodeId, journeyTags.actor],
    color: 'var(--syntax-name)',
  },
  {
    tag: [flowchartTags.number, pieTags.number, journeyTags.score, requirementTags.number],
    color: 'var(--syntax-number)',
  },
  {
    tag: [
      sequenceTags.lineComment,
      flowchartTags.lineComment,
      pieTags.lineComment,
      journeyTags.lineComment,
      requirementTags.lineComment,
      ganttTags.lineComment,
    ],
    color: 'var(--syntax-comment)',
    fontStyle: 'italic',
  },
]);
