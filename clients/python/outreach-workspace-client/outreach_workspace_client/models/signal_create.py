from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.signal_create_cadence import SignalCreateCadence, check_signal_create_cadence
from ..models.signal_create_event_subject_type_1 import (
    SignalCreateEventSubjectType1,
    check_signal_create_event_subject_type_1,
)
from ..models.signal_create_event_subject_type_2_type_1 import (
    SignalCreateEventSubjectType2Type1,
    check_signal_create_event_subject_type_2_type_1,
)
from ..models.signal_create_event_subject_type_3_type_1 import (
    SignalCreateEventSubjectType3Type1,
    check_signal_create_event_subject_type_3_type_1,
)
from ..models.signal_create_import_target import SignalCreateImportTarget, check_signal_create_import_target
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.signal_filters import SignalFilters


T = TypeVar("T", bound="SignalCreate")


@_attrs_define
class SignalCreate:
    """
    Attributes:
        signal_type (str): A value of GET /v1/signals/presets; a type not open for creation (or unknown): 404.
        name (str): Trimmed; empty after trimming: 422. Also names the destination list.
        search_filters (SignalFilters | Unset): Filter key to a list of plain strings.
        import_search_filters (SignalFilters | Unset): Filter key to a list of plain strings.
        import_target (SignalCreateImportTarget | Unset): Default follows the preset's scope.
        event_subject (None | SignalCreateEventSubjectType1 | SignalCreateEventSubjectType2Type1 |
            SignalCreateEventSubjectType3Type1 | Unset): Required for CUSTOM_EVENT, rejected (422) for other presets.
        sequence_template_id (None | Unset | UUID): Imported people are enrolled in it; PEOPLE destinations only (422);
            another workspace's template: 404.
        enrich_email (bool | Unset): Create default true.
        enrich_phones (bool | Unset): Create default true.
        max_per_run (int | None | Unset): Daily ceiling on imported entries: 1 to the organization's lead limit; not
            with max_companies_per_run.
        max_companies_per_run (int | None | Unset): Daily ceiling on detected companies consumed; only on a COMPANY-
            scope preset importing PEOPLE.
        max_contacts_per_company (int | None | Unset): People imported per detected company (default 3); requires
            max_companies_per_run.
        cadence (SignalCreateCadence | Unset): How often the signal checks (default DAILY).
    """

    signal_type: str
    name: str
    search_filters: SignalFilters | Unset = UNSET
    import_search_filters: SignalFilters | Unset = UNSET
    import_target: SignalCreateImportTarget | Unset = UNSET
    event_subject: (
        None
        | SignalCreateEventSubjectType1
        | SignalCreateEventSubjectType2Type1
        | SignalCreateEventSubjectType3Type1
        | Unset
    ) = UNSET
    sequence_template_id: None | Unset | UUID = UNSET
    enrich_email: bool | Unset = UNSET
    enrich_phones: bool | Unset = UNSET
    max_per_run: int | None | Unset = UNSET
    max_companies_per_run: int | None | Unset = UNSET
    max_contacts_per_company: int | None | Unset = UNSET
    cadence: SignalCreateCadence | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        signal_type = self.signal_type

        name = self.name

        search_filters: dict[str, Any] | Unset = UNSET
        if not isinstance(self.search_filters, Unset):
            search_filters = self.search_filters.to_dict()

        import_search_filters: dict[str, Any] | Unset = UNSET
        if not isinstance(self.import_search_filters, Unset):
            import_search_filters = self.import_search_filters.to_dict()

        import_target: str | Unset = UNSET
        if not isinstance(self.import_target, Unset):
            import_target = self.import_target

        event_subject: None | str | Unset
        if isinstance(self.event_subject, Unset):
            event_subject = UNSET
        elif isinstance(self.event_subject, str):
            event_subject = self.event_subject
        elif isinstance(self.event_subject, str):
            event_subject = self.event_subject
        elif isinstance(self.event_subject, str):
            event_subject = self.event_subject
        else:
            event_subject = self.event_subject

        sequence_template_id: None | str | Unset
        if isinstance(self.sequence_template_id, Unset):
            sequence_template_id = UNSET
        elif isinstance(self.sequence_template_id, UUID):
            sequence_template_id = str(self.sequence_template_id)
        else:
            sequence_template_id = self.sequence_template_id

        enrich_email = self.enrich_email

        enrich_phones = self.enrich_phones

        max_per_run: int | None | Unset
        if isinstance(self.max_per_run, Unset):
            max_per_run = UNSET
        else:
            max_per_run = self.max_per_run

        max_companies_per_run: int | None | Unset
        if isinstance(self.max_companies_per_run, Unset):
            max_companies_per_run = UNSET
        else:
            max_companies_per_run = self.max_companies_per_run

        max_contacts_per_company: int | None | Unset
        if isinstance(self.max_contacts_per_company, Unset):
            max_contacts_per_company = UNSET
        else:
            max_contacts_per_company = self.max_contacts_per_company

        cadence: str | Unset = UNSET
        if not isinstance(self.cadence, Unset):
            cadence = self.cadence

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "signal_type": signal_type,
                "name": name,
            }
        )
        if search_filters is not UNSET:
            field_dict["search_filters"] = search_filters
        if import_search_filters is not UNSET:
            field_dict["import_search_filters"] = import_search_filters
        if import_target is not UNSET:
            field_dict["import_target"] = import_target
        if event_subject is not UNSET:
            field_dict["event_subject"] = event_subject
        if sequence_template_id is not UNSET:
            field_dict["sequence_template_id"] = sequence_template_id
        if enrich_email is not UNSET:
            field_dict["enrich_email"] = enrich_email
        if enrich_phones is not UNSET:
            field_dict["enrich_phones"] = enrich_phones
        if max_per_run is not UNSET:
            field_dict["max_per_run"] = max_per_run
        if max_companies_per_run is not UNSET:
            field_dict["max_companies_per_run"] = max_companies_per_run
        if max_contacts_per_company is not UNSET:
            field_dict["max_contacts_per_company"] = max_contacts_per_company
        if cadence is not UNSET:
            field_dict["cadence"] = cadence

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.signal_filters import SignalFilters  # noqa: PLC0415

        d = dict(src_dict)
        signal_type = d.pop("signal_type")

        name = d.pop("name")

        _search_filters = d.pop("search_filters", UNSET)
        search_filters: SignalFilters | Unset
        if isinstance(_search_filters, Unset):
            search_filters = UNSET
        else:
            search_filters = SignalFilters.from_dict(_search_filters)

        _import_search_filters = d.pop("import_search_filters", UNSET)
        import_search_filters: SignalFilters | Unset
        if isinstance(_import_search_filters, Unset):
            import_search_filters = UNSET
        else:
            import_search_filters = SignalFilters.from_dict(_import_search_filters)

        _import_target = d.pop("import_target", UNSET)
        import_target: SignalCreateImportTarget | Unset
        if isinstance(_import_target, Unset):
            import_target = UNSET
        else:
            import_target = check_signal_create_import_target(_import_target)

        def _parse_event_subject(
            data: object,
        ) -> (
            None
            | SignalCreateEventSubjectType1
            | SignalCreateEventSubjectType2Type1
            | SignalCreateEventSubjectType3Type1
            | Unset
        ):
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                event_subject_type_1 = check_signal_create_event_subject_type_1(data)

                return event_subject_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                event_subject_type_2_type_1 = check_signal_create_event_subject_type_2_type_1(data)

                return event_subject_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                event_subject_type_3_type_1 = check_signal_create_event_subject_type_3_type_1(data)

                return event_subject_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | SignalCreateEventSubjectType1
                | SignalCreateEventSubjectType2Type1
                | SignalCreateEventSubjectType3Type1
                | Unset,
                data,
            )

        event_subject = _parse_event_subject(d.pop("event_subject", UNSET))

        def _parse_sequence_template_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                sequence_template_id_type_0 = UUID(data)

                return sequence_template_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        sequence_template_id = _parse_sequence_template_id(d.pop("sequence_template_id", UNSET))

        enrich_email = d.pop("enrich_email", UNSET)

        enrich_phones = d.pop("enrich_phones", UNSET)

        def _parse_max_per_run(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_per_run = _parse_max_per_run(d.pop("max_per_run", UNSET))

        def _parse_max_companies_per_run(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_companies_per_run = _parse_max_companies_per_run(d.pop("max_companies_per_run", UNSET))

        def _parse_max_contacts_per_company(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_contacts_per_company = _parse_max_contacts_per_company(d.pop("max_contacts_per_company", UNSET))

        _cadence = d.pop("cadence", UNSET)
        cadence: SignalCreateCadence | Unset
        if isinstance(_cadence, Unset):
            cadence = UNSET
        else:
            cadence = check_signal_create_cadence(_cadence)

        signal_create = cls(
            signal_type=signal_type,
            name=name,
            search_filters=search_filters,
            import_search_filters=import_search_filters,
            import_target=import_target,
            event_subject=event_subject,
            sequence_template_id=sequence_template_id,
            enrich_email=enrich_email,
            enrich_phones=enrich_phones,
            max_per_run=max_per_run,
            max_companies_per_run=max_companies_per_run,
            max_contacts_per_company=max_contacts_per_company,
            cadence=cadence,
        )

        return signal_create
