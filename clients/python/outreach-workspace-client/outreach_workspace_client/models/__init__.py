"""Contains all the data models used in inputs/outputs"""

from .account import Account
from .account_entry import AccountEntry
from .account_entry_batch_create import AccountEntryBatchCreate
from .account_entry_batch_item import AccountEntryBatchItem
from .account_entry_batch_item_status import AccountEntryBatchItemStatus
from .account_entry_batch_result import AccountEntryBatchResult
from .account_entry_page import AccountEntryPage
from .account_exclusion import AccountExclusion
from .account_exclusion_create import AccountExclusionCreate
from .account_exclusion_page import AccountExclusionPage
from .account_list import AccountList
from .account_list_batch_create import AccountListBatchCreate
from .account_list_batch_item import AccountListBatchItem
from .account_list_batch_item_status import AccountListBatchItemStatus
from .account_list_batch_result import AccountListBatchResult
from .account_list_page import AccountListPage
from .account_list_update import AccountListUpdate
from .account_page import AccountPage
from .account_upsert import AccountUpsert
from .account_variables import AccountVariables
from .account_variables_update import AccountVariablesUpdate
from .account_variables_variables import AccountVariablesVariables
from .activity import Activity
from .activity_channel import ActivityChannel
from .activity_contact_entry_resolved_event import ActivityContactEntryResolvedEvent
from .activity_contact_exclusion_created_event import ActivityContactExclusionCreatedEvent
from .activity_contact_summary import ActivityContactSummary
from .activity_event_resolved_event import ActivityEventResolvedEvent
from .activity_event_resolved_event_resolution_status import ActivityEventResolvedEventResolutionStatus
from .activity_hot_lead_created_event import ActivityHotLeadCreatedEvent
from .activity_hot_lead_summary import ActivityHotLeadSummary
from .activity_invitation_accepted_event import ActivityInvitationAcceptedEvent
from .activity_invitation_sent_event import ActivityInvitationSentEvent
from .activity_meeting_created_event import ActivityMeetingCreatedEvent
from .activity_meeting_summary import ActivityMeetingSummary
from .activity_message_link_clicked_event import ActivityMessageLinkClickedEvent
from .activity_message_opened_event import ActivityMessageOpenedEvent
from .activity_message_replied_event import ActivityMessageRepliedEvent
from .activity_message_sent_event import ActivityMessageSentEvent
from .activity_message_summary import ActivityMessageSummary
from .activity_message_summary_channel import ActivityMessageSummaryChannel
from .activity_message_summary_direction import ActivityMessageSummaryDirection
from .activity_page import ActivityPage
from .activity_resource_event_base import ActivityResourceEventBase
from .activity_resource_type import ActivityResourceType
from .activity_sequence_completed_event import ActivitySequenceCompletedEvent
from .activity_sequence_created_event import ActivitySequenceCreatedEvent
from .activity_sequence_event_base import ActivitySequenceEventBase
from .activity_sequence_paused_event import ActivitySequencePausedEvent
from .activity_sequence_resumed_event import ActivitySequenceResumedEvent
from .activity_sequence_stopped_event import ActivitySequenceStoppedEvent
from .activity_task import ActivityTask
from .activity_task_completed_event import ActivityTaskCompletedEvent
from .activity_task_created_event import ActivityTaskCreatedEvent
from .activity_task_reopened_event import ActivityTaskReopenedEvent
from .activity_task_skipped_event import ActivityTaskSkippedEvent
from .activity_task_summary import ActivityTaskSummary
from .api_key_identity import ApiKeyIdentity
from .batch_item_error import BatchItemError
from .batch_summary import BatchSummary
from .company_profile import CompanyProfile
from .contact import Contact
from .contact_description import ContactDescription
from .contact_email_status import ContactEmailStatus
from .contact_enrich_by_email import ContactEnrichByEmail
from .contact_enrich_by_linkedin_url import ContactEnrichByLinkedinUrl
from .contact_enrich_by_name import ContactEnrichByName
from .contact_enrich_result import ContactEnrichResult
from .contact_enrich_result_credits_spent import ContactEnrichResultCreditsSpent
from .contact_entry import ContactEntry
from .contact_entry_batch_create import ContactEntryBatchCreate
from .contact_entry_batch_item import ContactEntryBatchItem
from .contact_entry_batch_item_status import ContactEntryBatchItemStatus
from .contact_entry_batch_result import ContactEntryBatchResult
from .contact_entry_enrichment_status import ContactEntryEnrichmentStatus
from .contact_entry_page import ContactEntryPage
from .contact_entry_resolved_event import ContactEntryResolvedEvent
from .contact_entry_sequence import ContactEntrySequence
from .contact_exclusion import ContactExclusion
from .contact_exclusion_create import ContactExclusionCreate
from .contact_exclusion_created_event import ContactExclusionCreatedEvent
from .contact_exclusion_page import ContactExclusionPage
from .contact_get_and_enrich_by_contact_id import ContactGetAndEnrichByContactId
from .contact_get_and_enrich_by_email import ContactGetAndEnrichByEmail
from .contact_get_and_enrich_by_linkedin_url import ContactGetAndEnrichByLinkedinUrl
from .contact_get_and_enrich_result import ContactGetAndEnrichResult
from .contact_get_and_enrich_result_credits_spent import ContactGetAndEnrichResultCreditsSpent
from .contact_get_and_enrich_result_source import ContactGetAndEnrichResultSource
from .contact_list import ContactList
from .contact_list_batch_create import ContactListBatchCreate
from .contact_list_batch_item import ContactListBatchItem
from .contact_list_batch_item_status import ContactListBatchItemStatus
from .contact_list_batch_result import ContactListBatchResult
from .contact_list_page import ContactListPage
from .contact_list_update import ContactListUpdate
from .contact_page import ContactPage
from .contact_qualify_by_contact import ContactQualifyByContact
from .contact_qualify_by_contact_id import ContactQualifyByContactId
from .contact_qualify_result import ContactQualifyResult
from .contact_qualify_result_verdict import ContactQualifyResultVerdict
from .contact_summary import ContactSummary
from .contact_unenroll import ContactUnenroll
from .contact_unenroll_item import ContactUnenrollItem
from .contact_unenroll_item_status import ContactUnenrollItemStatus
from .contact_unenroll_result import ContactUnenrollResult
from .contact_upsert_by_email import ContactUpsertByEmail
from .contact_upsert_by_linkedin_url import ContactUpsertByLinkedinUrl
from .contact_variables import ContactVariables
from .contact_variables_account_variables import ContactVariablesAccountVariables
from .contact_variables_contact_variables import ContactVariablesContactVariables
from .contact_variables_update import ContactVariablesUpdate
from .crm_field import CrmField
from .crm_write import CrmWrite
from .crm_write_result import CrmWriteResult
from .crm_write_result_object_type import CrmWriteResultObjectType
from .delete_contact_variable_scope import DeleteContactVariableScope
from .enriched_company import EnrichedCompany
from .enriched_contact import EnrichedContact
from .enriched_person import EnrichedPerson
from .enrollment_pending import EnrollmentPending
from .error import Error
from .error_data import ErrorData
from .error_type import ErrorType
from .event import Event
from .event_ingest import EventIngest
from .event_ingest_accepted import EventIngestAccepted
from .event_ingest_payload import EventIngestPayload
from .event_page import EventPage
from .event_resolution_status import EventResolutionStatus
from .event_resolved_event import EventResolvedEvent
from .event_resolved_event_resolution_status import EventResolvedEventResolutionStatus
from .event_subject import EventSubject
from .event_type import EventType
from .exclusion_reason import ExclusionReason
from .exclusion_update import ExclusionUpdate
from .fetch_result import FetchResult
from .fetch_result_data import FetchResultData
from .field_error import FieldError
from .health import Health
from .health_checks import HealthChecks
from .hot_lead_created_event import HotLeadCreatedEvent
from .hot_lead_summary import HotLeadSummary
from .icp_context import IcpContext
from .icp_profile import IcpProfile
from .ingested_event_payload import IngestedEventPayload
from .invitation_accepted_event import InvitationAcceptedEvent
from .invitation_sent_event import InvitationSentEvent
from .list_account_entries_sort_by import ListAccountEntriesSortBy
from .list_account_entries_sort_order import ListAccountEntriesSortOrder
from .list_account_exclusions_sort_by import ListAccountExclusionsSortBy
from .list_account_exclusions_sort_order import ListAccountExclusionsSortOrder
from .list_account_lists_sort_by import ListAccountListsSortBy
from .list_account_lists_sort_order import ListAccountListsSortOrder
from .list_accounts_sort_by import ListAccountsSortBy
from .list_accounts_sort_order import ListAccountsSortOrder
from .list_activities_sort_by import ListActivitiesSortBy
from .list_activities_sort_order import ListActivitiesSortOrder
from .list_contact_entries_enrichment_status import ListContactEntriesEnrichmentStatus
from .list_contact_entries_sort_by import ListContactEntriesSortBy
from .list_contact_entries_sort_order import ListContactEntriesSortOrder
from .list_contact_exclusions_sort_by import ListContactExclusionsSortBy
from .list_contact_exclusions_sort_order import ListContactExclusionsSortOrder
from .list_contact_lists_sort_by import ListContactListsSortBy
from .list_contact_lists_sort_order import ListContactListsSortOrder
from .list_contacts_sort_by import ListContactsSortBy
from .list_contacts_sort_order import ListContactsSortOrder
from .list_events_resolution_status import ListEventsResolutionStatus
from .list_events_sort_by import ListEventsSortBy
from .list_events_sort_order import ListEventsSortOrder
from .list_messages_channel import ListMessagesChannel
from .list_messages_direction import ListMessagesDirection
from .list_messages_sort_by import ListMessagesSortBy
from .list_messages_sort_order import ListMessagesSortOrder
from .list_playbook_runs_sort_by import ListPlaybookRunsSortBy
from .list_playbook_runs_sort_order import ListPlaybookRunsSortOrder
from .list_playbook_runs_status import ListPlaybookRunsStatus
from .list_playbooks_sort_by import ListPlaybooksSortBy
from .list_playbooks_sort_order import ListPlaybooksSortOrder
from .list_playbooks_status import ListPlaybooksStatus
from .list_sequence_templates_sort_by import ListSequenceTemplatesSortBy
from .list_sequence_templates_sort_order import ListSequenceTemplatesSortOrder
from .list_sequence_templates_status import ListSequenceTemplatesStatus
from .list_sequences_sort_by import ListSequencesSortBy
from .list_sequences_sort_order import ListSequencesSortOrder
from .list_signal_imports_kind import ListSignalImportsKind
from .list_signal_imports_sort_order import ListSignalImportsSortOrder
from .list_signal_imports_status import ListSignalImportsStatus
from .list_signals_sort_order import ListSignalsSortOrder
from .list_task_messages_sort_order import ListTaskMessagesSortOrder
from .list_tasks_sort_by import ListTasksSortBy
from .list_tasks_sort_order import ListTasksSortOrder
from .list_users_sort_by import ListUsersSortBy
from .list_users_sort_order import ListUsersSortOrder
from .list_webhook_deliveries_sort_by import ListWebhookDeliveriesSortBy
from .list_webhook_deliveries_sort_order import ListWebhookDeliveriesSortOrder
from .list_webhooks_sort_by import ListWebhooksSortBy
from .list_webhooks_sort_order import ListWebhooksSortOrder
from .meeting import Meeting
from .meeting_created_event import MeetingCreatedEvent
from .meeting_summary import MeetingSummary
from .message import Message
from .message_channel import MessageChannel
from .message_direction import MessageDirection
from .message_link_clicked_event import MessageLinkClickedEvent
from .message_opened_event import MessageOpenedEvent
from .message_page import MessagePage
from .message_replied_event import MessageRepliedEvent
from .message_reply_category import MessageReplyCategory
from .message_sent_event import MessageSentEvent
from .message_summary import MessageSummary
from .message_summary_channel import MessageSummaryChannel
from .message_summary_direction import MessageSummaryDirection
from .open_api_document import OpenApiDocument
from .owner import Owner
from .owner_update import OwnerUpdate
from .playbook import Playbook
from .playbook_action import PlaybookAction
from .playbook_action_input import PlaybookActionInput
from .playbook_action_input_priority import PlaybookActionInputPriority
from .playbook_action_input_type import PlaybookActionInputType
from .playbook_action_priority import PlaybookActionPriority
from .playbook_action_type import PlaybookActionType
from .playbook_create import PlaybookCreate
from .playbook_create_status import PlaybookCreateStatus
from .playbook_page import PlaybookPage
from .playbook_run import PlaybookRun
from .playbook_run_outcome import PlaybookRunOutcome
from .playbook_run_page import PlaybookRunPage
from .playbook_run_status import PlaybookRunStatus
from .playbook_status import PlaybookStatus
from .playbook_update import PlaybookUpdate
from .playbook_update_status import PlaybookUpdateStatus
from .resource_event_base import ResourceEventBase
from .search_item import SearchItem
from .search_item_type import SearchItemType
from .search_result import SearchResult
from .search_types_item import SearchTypesItem
from .sequence import Sequence
from .sequence_completed_event import SequenceCompletedEvent
from .sequence_create import SequenceCreate
from .sequence_created_event import SequenceCreatedEvent
from .sequence_event_base import SequenceEventBase
from .sequence_page import SequencePage
from .sequence_pause import SequencePause
from .sequence_paused_event import SequencePausedEvent
from .sequence_resumed_event import SequenceResumedEvent
from .sequence_status import SequenceStatus
from .sequence_stop import SequenceStop
from .sequence_stop_reason import SequenceStopReason
from .sequence_stop_scope import SequenceStopScope
from .sequence_stopped_event import SequenceStoppedEvent
from .sequence_template import SequenceTemplate
from .sequence_template_create import SequenceTemplateCreate
from .sequence_template_create_on_missing_channel import SequenceTemplateCreateOnMissingChannel
from .sequence_template_create_status import SequenceTemplateCreateStatus
from .sequence_template_create_timezone import SequenceTemplateCreateTimezone
from .sequence_template_on_missing_channel import SequenceTemplateOnMissingChannel
from .sequence_template_page import SequenceTemplatePage
from .sequence_template_schedule_type_0 import SequenceTemplateScheduleType0
from .sequence_template_schedule_type_0_days_item import SequenceTemplateScheduleType0DaysItem
from .sequence_template_status import SequenceTemplateStatus
from .sequence_template_step import SequenceTemplateStep
from .sequence_template_step_input import SequenceTemplateStepInput
from .sequence_template_step_input_type import SequenceTemplateStepInputType
from .sequence_template_step_type import SequenceTemplateStepType
from .sequence_template_summary import SequenceTemplateSummary
from .sequence_template_update import SequenceTemplateUpdate
from .sequence_template_update_on_missing_channel import SequenceTemplateUpdateOnMissingChannel
from .sequence_template_update_status import SequenceTemplateUpdateStatus
from .sequence_template_update_timezone import SequenceTemplateUpdateTimezone
from .sequence_variables import SequenceVariables
from .sequence_variables_update import SequenceVariablesUpdate
from .signal import Signal
from .signal_cadence import SignalCadence
from .signal_create import SignalCreate
from .signal_create_cadence import SignalCreateCadence
from .signal_create_event_subject_type_1 import SignalCreateEventSubjectType1
from .signal_create_event_subject_type_2_type_1 import SignalCreateEventSubjectType2Type1
from .signal_create_event_subject_type_3_type_1 import SignalCreateEventSubjectType3Type1
from .signal_create_import_target import SignalCreateImportTarget
from .signal_detail import SignalDetail
from .signal_detail_cadence import SignalDetailCadence
from .signal_detail_status import SignalDetailStatus
from .signal_duplicate import SignalDuplicate
from .signal_duplicate_cadence import SignalDuplicateCadence
from .signal_duplicate_event_subject_type_1 import SignalDuplicateEventSubjectType1
from .signal_duplicate_event_subject_type_2_type_1 import SignalDuplicateEventSubjectType2Type1
from .signal_duplicate_event_subject_type_3_type_1 import SignalDuplicateEventSubjectType3Type1
from .signal_duplicate_import_target import SignalDuplicateImportTarget
from .signal_filters import SignalFilters
from .signal_import import SignalImport
from .signal_import_kind import SignalImportKind
from .signal_import_metadata import SignalImportMetadata
from .signal_import_page import SignalImportPage
from .signal_import_status import SignalImportStatus
from .signal_import_target import SignalImportTarget
from .signal_page import SignalPage
from .signal_preset import SignalPreset
from .signal_preset_scope import SignalPresetScope
from .signal_preset_signal_type import SignalPresetSignalType
from .signal_preview import SignalPreview
from .signal_preview_item import SignalPreviewItem
from .signal_preview_result import SignalPreviewResult
from .signal_preview_search_filters import SignalPreviewSearchFilters
from .signal_preview_signal_type import SignalPreviewSignalType
from .signal_status import SignalStatus
from .signal_update import SignalUpdate
from .signal_update_cadence import SignalUpdateCadence
from .task import Task
from .task_complete import TaskComplete
from .task_complete_completion_source import TaskCompleteCompletionSource
from .task_complete_disposition import TaskCompleteDisposition
from .task_completed_event import TaskCompletedEvent
from .task_completion_source import TaskCompletionSource
from .task_create import TaskCreate
from .task_create_priority import TaskCreatePriority
from .task_created_event import TaskCreatedEvent
from .task_disposition import TaskDisposition
from .task_execute import TaskExecute
from .task_execute_payload import TaskExecutePayload
from .task_execute_payload_disposition import TaskExecutePayloadDisposition
from .task_execute_payload_type import TaskExecutePayloadType
from .task_execute_result import TaskExecuteResult
from .task_page import TaskPage
from .task_priority import TaskPriority
from .task_reassign import TaskReassign
from .task_reassign_scope import TaskReassignScope
from .task_reopen_reason import TaskReopenReason
from .task_reopened_event import TaskReopenedEvent
from .task_skipped_event import TaskSkippedEvent
from .task_snooze import TaskSnooze
from .task_status import TaskStatus
from .task_summary import TaskSummary
from .task_type import TaskType
from .task_update import TaskUpdate
from .task_update_priority import TaskUpdatePriority
from .test_helper_click import TestHelperClick
from .test_helper_meeting import TestHelperMeeting
from .test_helper_meeting_result import TestHelperMeetingResult
from .test_helper_reply import TestHelperReply
from .test_helper_reply_result import TestHelperReplyResult
from .test_helper_result import TestHelperResult
from .user import User
from .user_mailbox import UserMailbox
from .user_mailbox_status import UserMailboxStatus
from .user_page import UserPage
from .user_role import UserRole
from .variable_map import VariableMap
from .webhook import Webhook
from .webhook_create import WebhookCreate
from .webhook_create_status import WebhookCreateStatus
from .webhook_delivery import WebhookDelivery
from .webhook_delivery_page import WebhookDeliveryPage
from .webhook_delivery_status import WebhookDeliveryStatus
from .webhook_page import WebhookPage
from .webhook_status import WebhookStatus
from .webhook_test_event import WebhookTestEvent
from .webhook_test_result import WebhookTestResult
from .webhook_update import WebhookUpdate
from .webhook_update_status import WebhookUpdateStatus
from .webhook_with_secret import WebhookWithSecret

__all__ = (
    "Account",
    "AccountEntry",
    "AccountEntryBatchCreate",
    "AccountEntryBatchItem",
    "AccountEntryBatchItemStatus",
    "AccountEntryBatchResult",
    "AccountEntryPage",
    "AccountExclusion",
    "AccountExclusionCreate",
    "AccountExclusionPage",
    "AccountList",
    "AccountListBatchCreate",
    "AccountListBatchItem",
    "AccountListBatchItemStatus",
    "AccountListBatchResult",
    "AccountListPage",
    "AccountListUpdate",
    "AccountPage",
    "AccountUpsert",
    "AccountVariables",
    "AccountVariablesUpdate",
    "AccountVariablesVariables",
    "Activity",
    "ActivityChannel",
    "ActivityContactEntryResolvedEvent",
    "ActivityContactExclusionCreatedEvent",
    "ActivityContactSummary",
    "ActivityEventResolvedEvent",
    "ActivityEventResolvedEventResolutionStatus",
    "ActivityHotLeadCreatedEvent",
    "ActivityHotLeadSummary",
    "ActivityInvitationAcceptedEvent",
    "ActivityInvitationSentEvent",
    "ActivityMeetingCreatedEvent",
    "ActivityMeetingSummary",
    "ActivityMessageLinkClickedEvent",
    "ActivityMessageOpenedEvent",
    "ActivityMessageRepliedEvent",
    "ActivityMessageSentEvent",
    "ActivityMessageSummary",
    "ActivityMessageSummaryChannel",
    "ActivityMessageSummaryDirection",
    "ActivityPage",
    "ActivityResourceEventBase",
    "ActivityResourceType",
    "ActivitySequenceCompletedEvent",
    "ActivitySequenceCreatedEvent",
    "ActivitySequenceEventBase",
    "ActivitySequencePausedEvent",
    "ActivitySequenceResumedEvent",
    "ActivitySequenceStoppedEvent",
    "ActivityTask",
    "ActivityTaskCompletedEvent",
    "ActivityTaskCreatedEvent",
    "ActivityTaskReopenedEvent",
    "ActivityTaskSkippedEvent",
    "ActivityTaskSummary",
    "ApiKeyIdentity",
    "BatchItemError",
    "BatchSummary",
    "CompanyProfile",
    "Contact",
    "ContactDescription",
    "ContactEmailStatus",
    "ContactEnrichByEmail",
    "ContactEnrichByLinkedinUrl",
    "ContactEnrichByName",
    "ContactEnrichResult",
    "ContactEnrichResultCreditsSpent",
    "ContactEntry",
    "ContactEntryBatchCreate",
    "ContactEntryBatchItem",
    "ContactEntryBatchItemStatus",
    "ContactEntryBatchResult",
    "ContactEntryEnrichmentStatus",
    "ContactEntryPage",
    "ContactEntryResolvedEvent",
    "ContactEntrySequence",
    "ContactExclusion",
    "ContactExclusionCreate",
    "ContactExclusionCreatedEvent",
    "ContactExclusionPage",
    "ContactGetAndEnrichByContactId",
    "ContactGetAndEnrichByEmail",
    "ContactGetAndEnrichByLinkedinUrl",
    "ContactGetAndEnrichResult",
    "ContactGetAndEnrichResultCreditsSpent",
    "ContactGetAndEnrichResultSource",
    "ContactList",
    "ContactListBatchCreate",
    "ContactListBatchItem",
    "ContactListBatchItemStatus",
    "ContactListBatchResult",
    "ContactListPage",
    "ContactListUpdate",
    "ContactPage",
    "ContactQualifyByContact",
    "ContactQualifyByContactId",
    "ContactQualifyResult",
    "ContactQualifyResultVerdict",
    "ContactSummary",
    "ContactUnenroll",
    "ContactUnenrollItem",
    "ContactUnenrollItemStatus",
    "ContactUnenrollResult",
    "ContactUpsertByEmail",
    "ContactUpsertByLinkedinUrl",
    "ContactVariables",
    "ContactVariablesAccountVariables",
    "ContactVariablesContactVariables",
    "ContactVariablesUpdate",
    "CrmField",
    "CrmWrite",
    "CrmWriteResult",
    "CrmWriteResultObjectType",
    "DeleteContactVariableScope",
    "EnrichedCompany",
    "EnrichedContact",
    "EnrichedPerson",
    "EnrollmentPending",
    "Error",
    "ErrorData",
    "ErrorType",
    "Event",
    "EventIngest",
    "EventIngestAccepted",
    "EventIngestPayload",
    "EventPage",
    "EventResolutionStatus",
    "EventResolvedEvent",
    "EventResolvedEventResolutionStatus",
    "EventSubject",
    "EventType",
    "ExclusionReason",
    "ExclusionUpdate",
    "FetchResult",
    "FetchResultData",
    "FieldError",
    "Health",
    "HealthChecks",
    "HotLeadCreatedEvent",
    "HotLeadSummary",
    "IcpContext",
    "IcpProfile",
    "IngestedEventPayload",
    "InvitationAcceptedEvent",
    "InvitationSentEvent",
    "ListAccountEntriesSortBy",
    "ListAccountEntriesSortOrder",
    "ListAccountExclusionsSortBy",
    "ListAccountExclusionsSortOrder",
    "ListAccountListsSortBy",
    "ListAccountListsSortOrder",
    "ListAccountsSortBy",
    "ListAccountsSortOrder",
    "ListActivitiesSortBy",
    "ListActivitiesSortOrder",
    "ListContactEntriesEnrichmentStatus",
    "ListContactEntriesSortBy",
    "ListContactEntriesSortOrder",
    "ListContactExclusionsSortBy",
    "ListContactExclusionsSortOrder",
    "ListContactListsSortBy",
    "ListContactListsSortOrder",
    "ListContactsSortBy",
    "ListContactsSortOrder",
    "ListEventsResolutionStatus",
    "ListEventsSortBy",
    "ListEventsSortOrder",
    "ListMessagesChannel",
    "ListMessagesDirection",
    "ListMessagesSortBy",
    "ListMessagesSortOrder",
    "ListPlaybookRunsSortBy",
    "ListPlaybookRunsSortOrder",
    "ListPlaybookRunsStatus",
    "ListPlaybooksSortBy",
    "ListPlaybooksSortOrder",
    "ListPlaybooksStatus",
    "ListSequencesSortBy",
    "ListSequencesSortOrder",
    "ListSequenceTemplatesSortBy",
    "ListSequenceTemplatesSortOrder",
    "ListSequenceTemplatesStatus",
    "ListSignalImportsKind",
    "ListSignalImportsSortOrder",
    "ListSignalImportsStatus",
    "ListSignalsSortOrder",
    "ListTaskMessagesSortOrder",
    "ListTasksSortBy",
    "ListTasksSortOrder",
    "ListUsersSortBy",
    "ListUsersSortOrder",
    "ListWebhookDeliveriesSortBy",
    "ListWebhookDeliveriesSortOrder",
    "ListWebhooksSortBy",
    "ListWebhooksSortOrder",
    "Meeting",
    "MeetingCreatedEvent",
    "MeetingSummary",
    "Message",
    "MessageChannel",
    "MessageDirection",
    "MessageLinkClickedEvent",
    "MessageOpenedEvent",
    "MessagePage",
    "MessageRepliedEvent",
    "MessageReplyCategory",
    "MessageSentEvent",
    "MessageSummary",
    "MessageSummaryChannel",
    "MessageSummaryDirection",
    "OpenApiDocument",
    "Owner",
    "OwnerUpdate",
    "Playbook",
    "PlaybookAction",
    "PlaybookActionInput",
    "PlaybookActionInputPriority",
    "PlaybookActionInputType",
    "PlaybookActionPriority",
    "PlaybookActionType",
    "PlaybookCreate",
    "PlaybookCreateStatus",
    "PlaybookPage",
    "PlaybookRun",
    "PlaybookRunOutcome",
    "PlaybookRunPage",
    "PlaybookRunStatus",
    "PlaybookStatus",
    "PlaybookUpdate",
    "PlaybookUpdateStatus",
    "ResourceEventBase",
    "SearchItem",
    "SearchItemType",
    "SearchResult",
    "SearchTypesItem",
    "Sequence",
    "SequenceCompletedEvent",
    "SequenceCreate",
    "SequenceCreatedEvent",
    "SequenceEventBase",
    "SequencePage",
    "SequencePause",
    "SequencePausedEvent",
    "SequenceResumedEvent",
    "SequenceStatus",
    "SequenceStop",
    "SequenceStoppedEvent",
    "SequenceStopReason",
    "SequenceStopScope",
    "SequenceTemplate",
    "SequenceTemplateCreate",
    "SequenceTemplateCreateOnMissingChannel",
    "SequenceTemplateCreateStatus",
    "SequenceTemplateCreateTimezone",
    "SequenceTemplateOnMissingChannel",
    "SequenceTemplatePage",
    "SequenceTemplateScheduleType0",
    "SequenceTemplateScheduleType0DaysItem",
    "SequenceTemplateStatus",
    "SequenceTemplateStep",
    "SequenceTemplateStepInput",
    "SequenceTemplateStepInputType",
    "SequenceTemplateStepType",
    "SequenceTemplateSummary",
    "SequenceTemplateUpdate",
    "SequenceTemplateUpdateOnMissingChannel",
    "SequenceTemplateUpdateStatus",
    "SequenceTemplateUpdateTimezone",
    "SequenceVariables",
    "SequenceVariablesUpdate",
    "Signal",
    "SignalCadence",
    "SignalCreate",
    "SignalCreateCadence",
    "SignalCreateEventSubjectType1",
    "SignalCreateEventSubjectType2Type1",
    "SignalCreateEventSubjectType3Type1",
    "SignalCreateImportTarget",
    "SignalDetail",
    "SignalDetailCadence",
    "SignalDetailStatus",
    "SignalDuplicate",
    "SignalDuplicateCadence",
    "SignalDuplicateEventSubjectType1",
    "SignalDuplicateEventSubjectType2Type1",
    "SignalDuplicateEventSubjectType3Type1",
    "SignalDuplicateImportTarget",
    "SignalFilters",
    "SignalImport",
    "SignalImportKind",
    "SignalImportMetadata",
    "SignalImportPage",
    "SignalImportStatus",
    "SignalImportTarget",
    "SignalPage",
    "SignalPreset",
    "SignalPresetScope",
    "SignalPresetSignalType",
    "SignalPreview",
    "SignalPreviewItem",
    "SignalPreviewResult",
    "SignalPreviewSearchFilters",
    "SignalPreviewSignalType",
    "SignalStatus",
    "SignalUpdate",
    "SignalUpdateCadence",
    "Task",
    "TaskComplete",
    "TaskCompleteCompletionSource",
    "TaskCompletedEvent",
    "TaskCompleteDisposition",
    "TaskCompletionSource",
    "TaskCreate",
    "TaskCreatedEvent",
    "TaskCreatePriority",
    "TaskDisposition",
    "TaskExecute",
    "TaskExecutePayload",
    "TaskExecutePayloadDisposition",
    "TaskExecutePayloadType",
    "TaskExecuteResult",
    "TaskPage",
    "TaskPriority",
    "TaskReassign",
    "TaskReassignScope",
    "TaskReopenedEvent",
    "TaskReopenReason",
    "TaskSkippedEvent",
    "TaskSnooze",
    "TaskStatus",
    "TaskSummary",
    "TaskType",
    "TaskUpdate",
    "TaskUpdatePriority",
    "TestHelperClick",
    "TestHelperMeeting",
    "TestHelperMeetingResult",
    "TestHelperReply",
    "TestHelperReplyResult",
    "TestHelperResult",
    "User",
    "UserMailbox",
    "UserMailboxStatus",
    "UserPage",
    "UserRole",
    "VariableMap",
    "Webhook",
    "WebhookCreate",
    "WebhookCreateStatus",
    "WebhookDelivery",
    "WebhookDeliveryPage",
    "WebhookDeliveryStatus",
    "WebhookPage",
    "WebhookStatus",
    "WebhookTestEvent",
    "WebhookTestResult",
    "WebhookUpdate",
    "WebhookUpdateStatus",
    "WebhookWithSecret",
)
