from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.signal_detail_cadence import SignalDetailCadence, check_signal_detail_cadence
from ..models.signal_detail_status import SignalDetailStatus, check_signal_detail_status
from ..models.signal_import_target import SignalImportTarget, check_signal_import_target

if TYPE_CHECKING:
    from ..models.signal_filters import SignalFilters


T = TypeVar("T", bound="SignalDetail")


@_attrs_define
class SignalDetail:
    """
    Attributes:
        id (UUID):
        name (str):
        signal_type (str):
        status (SignalDetailStatus):
        cadence (SignalDetailCadence):
        max_per_run (int | None):
        max_companies_per_run (int | None):
        max_contacts_per_company (int | None):
        max_per_day (int): The ceiling a check enforces, resolved from the caps (docs/api/signals.md).
        enrich_email (bool):
        enrich_phones (bool):
        imported_count (int):
        contact_list_id (None | UUID):
        account_list_id (None | UUID):
        last_checked_at (datetime.datetime | None): When the last check ran (null before the first).
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        archived_at (datetime.datetime | None):
        url (str): Deep link to the signal in the dashboard (DASHBOARD_BASE_URL/signals/<id>).
        list_url (None | str): Deep link to the destination list (DASHBOARD_BASE_URL/lists/contacts/<id> or
            /lists/accounts/<id>).
        search_filters (SignalFilters): Filter key to a list of plain strings.
        import_search_filters (SignalFilters): Filter key to a list of plain strings.
        sequence_template_id (None | UUID):
        import_target (SignalImportTarget):
        event_subject (None | SignalImportTarget):
    """

    id: UUID
    name: str
    signal_type: str
    status: SignalDetailStatus
    cadence: SignalDetailCadence
    max_per_run: int | None
    max_companies_per_run: int | None
    max_contacts_per_company: int | None
    max_per_day: int
    enrich_email: bool
    enrich_phones: bool
    imported_count: int
    contact_list_id: None | UUID
    account_list_id: None | UUID
    last_checked_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    archived_at: datetime.datetime | None
    url: str
    list_url: None | str
    search_filters: SignalFilters
    import_search_filters: SignalFilters
    sequence_template_id: None | UUID
    import_target: SignalImportTarget
    event_subject: None | SignalImportTarget
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        signal_type = self.signal_type

        status: str = self.status

        cadence: str = self.cadence

        max_per_run: int | None
        max_per_run = self.max_per_run

        max_companies_per_run: int | None
        max_companies_per_run = self.max_companies_per_run

        max_contacts_per_company: int | None
        max_contacts_per_company = self.max_contacts_per_company

        max_per_day = self.max_per_day

        enrich_email = self.enrich_email

        enrich_phones = self.enrich_phones

        imported_count = self.imported_count

        contact_list_id: None | str
        if isinstance(self.contact_list_id, UUID):
            contact_list_id = str(self.contact_list_id)
        else:
            contact_list_id = self.contact_list_id

        account_list_id: None | str
        if isinstance(self.account_list_id, UUID):
            account_list_id = str(self.account_list_id)
        else:
            account_list_id = self.account_list_id

        last_checked_at: None | str
        if isinstance(self.last_checked_at, datetime.datetime):
            last_checked_at = self.last_checked_at.isoformat()
        else:
            last_checked_at = self.last_checked_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        archived_at: None | str
        if isinstance(self.archived_at, datetime.datetime):
            archived_at = self.archived_at.isoformat()
        else:
            archived_at = self.archived_at

        url = self.url

        list_url: None | str
        list_url = self.list_url

        search_filters = self.search_filters.to_dict()

        import_search_filters = self.import_search_filters.to_dict()

        sequence_template_id: None | str
        if isinstance(self.sequence_template_id, UUID):
            sequence_template_id = str(self.sequence_template_id)
        else:
            sequence_template_id = self.sequence_template_id

        import_target: str = self.import_target

        event_subject: None | str
        if isinstance(self.event_subject, str):
            event_subject = self.event_subject
        else:
            event_subject = self.event_subject

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "signal_type": signal_type,
                "status": status,
                "cadence": cadence,
                "max_per_run": max_per_run,
                "max_companies_per_run": max_companies_per_run,
                "max_contacts_per_company": max_contacts_per_company,
                "max_per_day": max_per_day,
                "enrich_email": enrich_email,
                "enrich_phones": enrich_phones,
                "imported_count": imported_count,
                "contact_list_id": contact_list_id,
                "account_list_id": account_list_id,
                "last_checked_at": last_checked_at,
                "created_at": created_at,
                "updated_at": updated_at,
                "archived_at": archived_at,
                "url": url,
                "list_url": list_url,
                "search_filters": search_filters,
                "import_search_filters": import_search_filters,
                "sequence_template_id": sequence_template_id,
                "import_target": import_target,
                "event_subject": event_subject,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.signal_filters import SignalFilters  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        signal_type = d.pop("signal_type")

        status = check_signal_detail_status(d.pop("status"))

        cadence = check_signal_detail_cadence(d.pop("cadence"))

        def _parse_max_per_run(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_per_run = _parse_max_per_run(d.pop("max_per_run"))

        def _parse_max_companies_per_run(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_companies_per_run = _parse_max_companies_per_run(d.pop("max_companies_per_run"))

        def _parse_max_contacts_per_company(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_contacts_per_company = _parse_max_contacts_per_company(d.pop("max_contacts_per_company"))

        max_per_day = d.pop("max_per_day")

        enrich_email = d.pop("enrich_email")

        enrich_phones = d.pop("enrich_phones")

        imported_count = d.pop("imported_count")

        def _parse_contact_list_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                contact_list_id_type_0 = UUID(data)

                return contact_list_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        contact_list_id = _parse_contact_list_id(d.pop("contact_list_id"))

        def _parse_account_list_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                account_list_id_type_0 = UUID(data)

                return account_list_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        account_list_id = _parse_account_list_id(d.pop("account_list_id"))

        def _parse_last_checked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_checked_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_checked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_checked_at = _parse_last_checked_at(d.pop("last_checked_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        def _parse_archived_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                archived_at_type_0 = datetime.datetime.fromisoformat(data)

                return archived_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        archived_at = _parse_archived_at(d.pop("archived_at"))

        url = d.pop("url")

        def _parse_list_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        list_url = _parse_list_url(d.pop("list_url"))

        search_filters = SignalFilters.from_dict(d.pop("search_filters"))

        import_search_filters = SignalFilters.from_dict(d.pop("import_search_filters"))

        def _parse_sequence_template_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                sequence_template_id_type_0 = UUID(data)

                return sequence_template_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        sequence_template_id = _parse_sequence_template_id(d.pop("sequence_template_id"))

        import_target = check_signal_import_target(d.pop("import_target"))

        def _parse_event_subject(data: object) -> None | SignalImportTarget:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                event_subject_type_0 = check_signal_import_target(data)

                return event_subject_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SignalImportTarget, data)

        event_subject = _parse_event_subject(d.pop("event_subject"))

        signal_detail = cls(
            id=id,
            name=name,
            signal_type=signal_type,
            status=status,
            cadence=cadence,
            max_per_run=max_per_run,
            max_companies_per_run=max_companies_per_run,
            max_contacts_per_company=max_contacts_per_company,
            max_per_day=max_per_day,
            enrich_email=enrich_email,
            enrich_phones=enrich_phones,
            imported_count=imported_count,
            contact_list_id=contact_list_id,
            account_list_id=account_list_id,
            last_checked_at=last_checked_at,
            created_at=created_at,
            updated_at=updated_at,
            archived_at=archived_at,
            url=url,
            list_url=list_url,
            search_filters=search_filters,
            import_search_filters=import_search_filters,
            sequence_template_id=sequence_template_id,
            import_target=import_target,
            event_subject=event_subject,
        )

        signal_detail.additional_properties = d
        return signal_detail

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
