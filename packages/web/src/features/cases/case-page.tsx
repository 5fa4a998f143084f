import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PageContainer } from '../../ui/page-container';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useCase } from './api/get-case';
import { useCaseNeighbours } from './api/get-case-neighbours';
import { DismissCaseDialog, ShareCaseDialog } from './case-action-dialogs';
import { ReplyDialog } from './case-replies';
import { ActionDialog } from './case/case-action-dialog';
import { CaseActionsBar, type CaseDialog } from './case/case-actions-bar';
import { CaseAnnotationsPanel } from './case/case-annotations-panel';
import { CaseHeader } from './case/case-header';
import { CaseCorrectionPanel, CorrectionDialog } from './case/correction-dialog';
import { CaseDecisionPanel, DecisionDialog } from './case/decision-dialog';
import { CaseNavigation } from './case/case-navigation';
import { caseTabOf, CaseTabs, type CaseTabName } from './case/case-tabs';
import { ForwardCaseDialog } from './forward-case-dialog';
import { inboxQuery, listOf } from './inbox-query';
import '../../ui/dashboard.css';

/**
 * /dashboard/entities/show/{entityId}/inbox/show/declaration/{inboxId}: the case with its tabs
 * (details, notes, replies, messages, history, each with its count) and actions. The open tab and
 * dialog live here, so that moving to the next case keeps the tab.
 */
export function CasePage() {
  const { entityId = '', inboxId = '' } = useParams();
  const [search] = useSearchParams();
  const [tab, setTab] = useState<CaseTabName>(() => caseTabOf(search.get('show')));
  const [dialog, setDialog] = useState<CaseDialog | null>(null);
  const query = useCase(entityId, inboxId);
  const list = listOf(search);
  const neighbours = useCaseNeighbours(entityId, inboxId, inboxQuery(list.tab, list.search));
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const item = query.data.data;
  const onClose = () => setDialog(null);

  return (
    <PageContainer narrow={false}>
      <div className="dilosi-wide-page">
        <CaseNavigation
          entityId={entityId}
          list={list}
          around={neighbours.data?.data}
          onOpen={setDialog}
        />
        <CaseHeader item={item} />
        {item.decision ? <CaseDecisionPanel decision={item.decision} /> : null}
        {item.correction ? (
          <CaseCorrectionPanel correction={item.correction} entityId={entityId} inboxId={item.id} />
        ) : null}
        <CaseActionsBar item={item} onOpen={setDialog} />
        <CaseAnnotationsPanel entityId={entityId} inboxId={item.id} editable={!item.dismissed} />
        <CaseTabs item={item} entityId={entityId} inboxId={inboxId} tab={tab} onTab={setTab} />
        {dialog === 'share' ? (
          <ShareCaseDialog item={item} entityId={entityId} onClose={onClose} />
        ) : dialog === 'forward' ? (
          <ForwardCaseDialog item={item} entityId={entityId} onClose={onClose} />
        ) : dialog === 'dismiss' ? (
          <DismissCaseDialog item={item} entityId={entityId} onClose={onClose} />
        ) : dialog === 'correction' ? (
          <CorrectionDialog item={item} entityId={entityId} onClose={onClose} />
        ) : dialog === 'decision' ? (
          <DecisionDialog item={item} entityId={entityId} onClose={onClose} />
        ) : dialog === 'reply' ? (
          <ReplyDialog entityId={entityId} inboxId={item.id} onClose={onClose} />
        ) : dialog ? (
          <ActionDialog kind={dialog} item={item} entityId={entityId} onClose={onClose} />
        ) : null}
      </div>
    </PageContainer>
  );
}
